import { wuwamap } from './generated/wire.js';

export { wuwamap };
export const { Envelope, Any, Error: WireError, Tag, Pin, PinList, PinSnapshot, PinColumns } = wuwamap;

/** Type URL prefix of Any payloads. */
export const TYPE_URL_PREFIX = 'type.googleapis.com/';
/** Type URL of a category's pin list (the result of pins-proto). */
export const PIN_LIST_TYPE_URL = `${TYPE_URL_PREFIX}wuwamap.PinList`;
/** Media type of binary envelopes. */
export const PROTOBUF_MEDIA_TYPE = 'application/x-protobuf';
