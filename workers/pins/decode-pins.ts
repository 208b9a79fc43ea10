// A single pass over PinList bytes straight into typed arrays, with protobufjs's Reader.
// Why not PinList.decode: it builds an object per pin and per tag plus every string, about
// 0.3 M pins/s on the bench set (bench/worker/worker.bench.ts); this pass skips strings and
// remembers each pin's byte range, so a full record is decoded only when asked (Pin.decode).
import protobuf from 'protobufjs/minimal.js';

/** Icon value for a pin without its own icon (resolved to the category icon later). */
export const NO_ICON = 0xffff;
/** Region value for a pin without a region. */
export const NO_REGION = 255;
/** Static flag bit: the pin has an image. */
export const STATIC_HAS_IMAGE = 4;

/** A category's pins as parallel arrays plus where each pin lies in the PinList bytes. */
export interface DecodedPins {
  categoryId: number;
  lastEdited: number;
  count: number;
  ids: Int32Array;
  x: Float32Array;
  y: Float32Array;
  /** Floor, NaN for the base map. */
  z: Float32Array;
  icon: Uint16Array;
  region: Uint8Array;
  /** Bits known from the data itself (STATIC_HAS_IMAGE). */
  staticFlags: Uint8Array;
  /** Tag ids of pin i are tagList[tagStart[i] .. tagStart[i + 1]). */
  tagStart: Uint32Array;
  tagList: Int32Array;
  /** Byte range of pin i's Pin message inside `bytes`. */
  start: Uint32Array;
  end: Uint32Array;
  /** The PinList bytes (kept for lazy records). */
  bytes: Uint8Array;
}

/** Number of Pin messages in PinList bytes (a cheap pre-pass so arrays are allocated once). */
function countPins(r: protobuf.Reader): number {
  let n = 0;
  while (r.pos < r.len) {
    const tag = r.uint32();
    if (tag >>> 3 === 3 && (tag & 7) === 2) {
      r.skip(r.uint32());
      n++;
    } else r.skipType(tag & 7);
  }
  return n;
}

/** Decodes PinList bytes into typed arrays; throws on malformed input. */
export function decodePinList(bytes: Uint8Array): DecodedPins {
  const Reader = protobuf.Reader;
  const count = countPins(Reader.create(bytes));
  const ids = new Int32Array(count);
  const x = new Float32Array(count);
  const y = new Float32Array(count);
  const z = new Float32Array(count).fill(NaN);
  const icon = new Uint16Array(count).fill(NO_ICON);
  const region = new Uint8Array(count).fill(NO_REGION);
  const staticFlags = new Uint8Array(count);
  const start = new Uint32Array(count);
  const end = new Uint32Array(count);
  const tagStart = new Uint32Array(count + 1);
  let tagList = new Int32Array(Math.max(16, count * 2));
  let tagLen = 0;
  const pushTag = (id: number) => {
    if (tagLen === tagList.length) {
      const grown = new Int32Array(tagList.length * 2);
      grown.set(tagList);
      tagList = grown;
    }
    tagList[tagLen++] = id;
  };

  let categoryId = 0;
  let lastEdited = 0;
  let i = 0;
  const r = Reader.create(bytes);
  while (r.pos < r.len) {
    const tag = r.uint32();
    const field = tag >>> 3;
    if (field === 1 && (tag & 7) === 0) categoryId = r.int32();
    else if (field === 2 && (tag & 7) === 1) lastEdited = r.double();
    else if (field === 3 && (tag & 7) === 2) {
      const len = r.uint32();
      const pinEnd = r.pos + len;
      start[i] = r.pos;
      end[i] = pinEnd;
      tagStart[i] = tagLen;
      // Tag ids come from tagIds; the embedded Tag messages are only a fallback when tagIds is absent.
      let sawTagIds = false;
      const tagsFromMessagesAt = tagLen;
      while (r.pos < pinEnd) {
        const t = r.uint32();
        switch (t) {
          case (1 << 3) | 0: ids[i] = r.int32(); break;
          case (2 << 3) | 5: x[i] = r.float(); break;
          case (3 << 3) | 5: y[i] = r.float(); break;
          case (4 << 3) | 5: z[i] = r.float(); break;
          case (6 << 3) | 2: staticFlags[i]! |= STATIC_HAS_IMAGE; r.skip(r.uint32()); break;
          case (9 << 3) | 2: { // packed tagIds
            if (!sawTagIds) { sawTagIds = true; tagLen = tagsFromMessagesAt; }
            const e = r.uint32() + r.pos;
            while (r.pos < e) pushTag(r.int32());
            break;
          }
          case (9 << 3) | 0:
            if (!sawTagIds) { sawTagIds = true; tagLen = tagsFromMessagesAt; }
            pushTag(r.int32());
            break;
          case (8 << 3) | 2: {
            const e = r.uint32() + r.pos;
            let tagId = 0;
            while (r.pos < e) {
              const tt = r.uint32();
              if (tt === ((1 << 3) | 0)) tagId = r.int32();
              else r.skipType(tt & 7);
            }
            if (!sawTagIds) pushTag(tagId);
            break;
          }
          case (10 << 3) | 0: icon[i] = r.int32() & 0xffff; break;
          case (13 << 3) | 0: region[i] = r.int32() & 0xff; break;
          default: r.skipType(t & 7);
        }
      }
      i++;
    } else r.skipType(tag & 7);
  }
  tagStart[count] = tagLen;
  return { categoryId, lastEdited, count, ids, x, y, z, icon, region, staticFlags, tagStart, tagList: tagList.subarray(0, tagLen), start, end, bytes };
}
