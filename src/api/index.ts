export { api, setApiBaseHost, apiBaseHost, onLoggedOut, onReachability, refreshSession, REQUEST_TIMEOUT_MS, REFRESH_PATH } from './client';
export type { RequestOptions, ProtoOptions, DownloadedFile } from './client';
export { ApiClientError, asApiClientError, AUTH_ERR } from './errors';
export type { ClientFailure } from './errors';
export { uploadImage, imageHost, DEFAULT_IMAGE_HOST } from './images';
export type { ImageHost } from './images';
