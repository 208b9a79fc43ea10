import type { FastifyError, FastifyInstance, FastifyReply } from 'fastify';
import fastifyMultipart from '@fastify/multipart';
import { fileTypeFromBuffer } from 'file-type';
import sharp from 'sharp';
import { ApiError } from '../http/errors';
import { IMAGE_TYPES, MAX_IMAGE_BYTES, MAX_IMAGE_PIXELS, MAX_IMAGE_SIDE, storeImage, type ImageExt } from './store';
import { lockQuota, quotaRefusal, recordUpload } from './quota';
import { Type, type Static } from 'typebox';
import { ACCOUNT_SUSPENDED } from '../moderation/suspension';

/** Korean messages of the image host (answered in its own shape, `data.error`). */
export const imageMessages = {
  badClient: '이미지 업로드 권한이 없습니다. (Client-ID 확인)',
  loginRequired: '로그인한 사용자만 이미지를 올릴 수 있습니다.',
  noFile: '이미지 파일을 첨부해 주세요.',
  badType: '지원하지 않는 이미지 형식입니다. PNG, JPEG, WebP, GIF만 올릴 수 있습니다.',
  tooLarge: `이미지가 너무 큽니다. ${MAX_IMAGE_BYTES / 1024 / 1024}MB 이하만 올릴 수 있습니다.`,
  tooManyPixels: '이미지 해상도가 너무 큽니다.',
  unreadable: '이미지를 읽을 수 없습니다. 손상된 파일인지 확인해 주세요.',
  badRequest: '이미지 업로드 요청 형식이 올바르지 않습니다.',
  failed: '이미지 호스트 등록에 실패했습니다.',
} as const;

/**
 * A successful upload, in the shape of the well-known anonymous image host (the client reads `data.link`). Refusals
 * answer `{ data: { error, request, method }, success: false, status }` with their own status.
 */
export const ImageHostResponseSchema = Type.Object({
  data: Type.Object({
    id: Type.String(),
    link: Type.String(),
    type: Type.String(),
    width: Type.Integer(),
    height: Type.Integer(),
    size: Type.Integer(),
    /** Epoch seconds. */
    datetime: Type.Integer(),
    animated: Type.Boolean(),
  }),
  success: Type.Literal(true),
  status: Type.Literal(200),
});
export type ImageHostResponse = Static<typeof ImageHostResponseSchema>;

const EXT_OF: Record<string, ImageExt> = { png: 'png', jpg: 'jpg', webp: 'webp', gif: 'gif' };

function hostError(reply: FastifyReply, status: number, message: string) {
  return reply.status(status).send({ data: { error: message, request: '/api/v1/images', method: 'POST' }, success: false, status });
}

function statusAndMessage(err: FastifyError | ApiError): [number, string] {
  if (err instanceof ApiError) {
    if (err.errClazz === ACCOUNT_SUSPENDED) return [403, err.messageTranslated];
    if (err.status === 403)
      return [403, err.errClazz === 'forbidden' && err.message.startsWith('cross-site') ? err.messageTranslated : imageMessages.badClient];
    return [err.status, err.messageTranslated];
  }
  const status = err.statusCode ?? 500;
  if (status === 413) return [413, imageMessages.tooLarge];
  if (status === 429) return [429, '요청이 너무 많습니다. 잠시 후 다시 시도해 주세요.'];
  if (status === 401) return [401, imageMessages.loginRequired];
  if (status >= 400 && status < 500) return [400, imageMessages.badRequest];
  return [500, imageMessages.failed];
}

/** Decodes within the pixel limit, applies the orientation, scales to MAX_IMAGE_SIDE and encodes again: no metadata (EXIF, GPS, ICC comments) survives. */
async function reencode(bytes: Buffer, ext: ImageExt): Promise<{ data: Buffer; width: number; height: number; animated: boolean }> {
  const animated = ext === 'gif' || ext === 'webp';
  let img = sharp(bytes, { animated, limitInputPixels: MAX_IMAGE_PIXELS });
  if (!animated) img = img.rotate();
  img = img.resize({ width: MAX_IMAGE_SIDE, height: MAX_IMAGE_SIDE, fit: 'inside', withoutEnlargement: true });
  img =
    ext === 'png'
      ? img.png({ compressionLevel: 9 })
      : ext === 'jpg'
        ? img.jpeg({ quality: 85, mozjpeg: true })
        : ext === 'webp'
          ? img.webp({ quality: 85 })
          : img.gif();
  const { data, info } = await img.toBuffer({ resolveWithObject: true });
  const pages = info.pages ?? 1;
  return { data, width: info.width, height: info.pageHeight ?? Math.round(info.height / pages), animated: pages > 1 };
}

/**
 * POST /v1/images — the built-in image host: multipart with the file in `image` and `type=file`,
 * `Authorization: Client-ID {IMAGE_HOST_CLIENT_ID}`, and a signed-in session (the Client-ID is public).
 * The real type is read from the bytes (PNG, JPEG, WebP, GIF), at most 10 MiB and 24 megapixels; every
 * upload is re-encoded (metadata stripped, at most 2048 px a side) and counted against the quotas.
 */
export async function registerImageUpload(parent: FastifyInstance): Promise<void> {
  await parent.register(async (app) => {
    await app.register(fastifyMultipart, { limits: { fileSize: MAX_IMAGE_BYTES, files: 1, fields: 8, fieldSize: 1024, parts: 10 } });
    app.post(
      '/v1/images',
      {
        schema: { response: { 200: ImageHostResponseSchema } },
        errorHandler: (err: FastifyError | ApiError, request, reply) => {
          const [status, message] = statusAndMessage(err);
          if (status >= 500) request.log.error({ err, reqId: request.id }, 'image upload failed');
          return hostError(reply, status, message);
        },
      },
      async (request, reply) => {
        if (request.headers.authorization !== `Client-ID ${app.config.imageHostClientId}`)
          return hostError(reply, 403, imageMessages.badClient);
        const userId = request.userId;
        if (userId === null) return hostError(reply, 401, imageMessages.loginRequired);
        // Refuse before reading 10 MiB when the quota is already spent.
        const early = await quotaRefusal(app.db, app.config.imageQuota, app.config.dataDir, userId, 0);
        if (early) return hostError(reply, early[0], early[1]);
        if (!request.isMultipart()) return hostError(reply, 400, imageMessages.noFile);
        let bytes: Buffer | null = null;
        let type: string | undefined;
        for await (const part of request.parts()) {
          if (part.type === 'file') {
            const buf = await part.toBuffer();
            if (part.fieldname === 'image') bytes = buf;
          } else if (part.fieldname === 'type') {
            type = String(part.value);
          }
        }
        if (type !== undefined && type !== 'file') return hostError(reply, 400, imageMessages.noFile);
        if (!bytes || bytes.length === 0) return hostError(reply, 400, imageMessages.noFile);
        const kind = await fileTypeFromBuffer(bytes);
        const ext = kind ? EXT_OF[kind.ext] : undefined;
        if (!ext) return hostError(reply, 415, imageMessages.badType);
        let meta: Awaited<ReturnType<ReturnType<typeof sharp>['metadata']>>;
        try {
          meta = await sharp(bytes, { animated: true, limitInputPixels: false }).metadata();
        } catch {
          return hostError(reply, 400, imageMessages.unreadable);
        }
        // The header's declared size is checked before any pixel is decoded (all frames of an animation count).
        if (!meta.width || !meta.height) return hostError(reply, 400, imageMessages.unreadable);
        if (meta.width * meta.height > MAX_IMAGE_PIXELS) return hostError(reply, 400, imageMessages.tooManyPixels);
        let out: Awaited<ReturnType<typeof reencode>>;
        try {
          out = await reencode(bytes, ext);
        } catch {
          return hostError(reply, 400, imageMessages.unreadable);
        }
        // The check, the file and its row under one lock: concurrent uploads cannot together pass a quota.
        const stored = await app.db.transaction(async (tx): Promise<{ refused: [number, string] } | { id: string }> => {
          await lockQuota(tx);
          const refused = await quotaRefusal(tx, app.config.imageQuota, app.config.dataDir, userId, out.data.length);
          if (refused) return { refused };
          const id = await storeImage(app.config.dataDir, ext, out.data);
          await recordUpload(tx, userId, `${id}.${ext}`, out.data.length);
          return { id };
        });
        if ('refused' in stored) return hostError(reply, stored.refused[0], stored.refused[1]);
        const { id } = stored;
        const body: ImageHostResponse = {
          data: {
            id,
            link: `${app.config.publicUrl}/images/${id}.${ext}`,
            type: IMAGE_TYPES[ext],
            width: out.width,
            height: out.height,
            size: out.data.length,
            datetime: Math.floor(Date.now() / 1000),
            animated: out.animated,
          },
          success: true,
          status: 200,
        };
        return body;
      },
    );
  });
}
