// A single pass over PinList bytes straight into typed arrays.
// Why not PinList.decode: it builds an object per pin and per tag plus every string, about
// 0.1-0.4 M pins/s on the bench set (bench/worker/worker.bench.ts); this pass skips strings and
// remembers each pin's byte range, so a full record is decoded only when asked (Pin.decode,
// the protobufjs static code). Reading varints inline instead of through protobufjs's Reader
// made the first (cold JIT) load about 3× faster, the one a page load pays.

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
  /** The PinList bytes (kept for lazy records); empty for pins of a region snapshot, which carries no texts. */
  bytes: Uint8Array;
  /** A snapshot's pins only: each pin's flag, -1 = none (a PinList's flag is read from its bytes). */
  flag?: Int32Array;
}

/** Reads PinList bytes: varints, little-endian floats and skips, with bounds checks. */
class PinListReader {
  pos = 0;
  readonly len: number;
  private readonly view: DataView;

  constructor(private readonly buf: Uint8Array) {
    this.len = buf.length;
    this.view = new DataView(buf.buffer, buf.byteOffset, buf.byteLength);
  }

  /** A varint as int32 (the low 32 bits, which is what int32 and uint32 fields carry). */
  varint(): number {
    const buf = this.buf;
    let b = buf[this.pos++]!;
    if (b < 128) return b;
    let v = b & 127;
    b = buf[this.pos++]!;
    v |= (b & 127) << 7;
    if (b < 128) return v;
    b = buf[this.pos++]!;
    v |= (b & 127) << 14;
    if (b < 128) return v;
    b = buf[this.pos++]!;
    v |= (b & 127) << 21;
    if (b < 128) return v;
    b = buf[this.pos++]!;
    v |= (b & 15) << 28;
    if (b < 128) return v;
    // A negative int32 takes 10 bytes; the rest only repeats the sign.
    for (let k = 0; k < 5; k++) if (buf[this.pos++]! < 128) return v;
    throw new RangeError('invalid varint');
  }

  float(): number {
    const v = this.view.getFloat32(this.pos, true);
    this.pos += 4;
    return v;
  }

  double(): number {
    const v = this.view.getFloat64(this.pos, true);
    this.pos += 8;
    return v;
  }

  /** Skips a field's value of the given wire type. */
  skip(wireType: number): void {
    if (wireType === 0) this.varint();
    else if (wireType === 1) this.pos += 8;
    else if (wireType === 2) {
      const n = this.varint() >>> 0;
      this.pos += n;
    } else if (wireType === 5) this.pos += 4;
    else throw new RangeError(`unsupported wire type ${wireType}`);
    if (this.pos > this.len) throw new RangeError('truncated field');
  }

  /** Reads a length prefix and returns where that message ends. */
  end(): number {
    const n = this.varint() >>> 0;
    const e = this.pos + n;
    if (e > this.len) throw new RangeError('truncated message');
    return e;
  }
}

// Tags (field number << 3 | wire type) of the fields the pass reads.
const T_CATEGORY_ID = (1 << 3) | 0,
  T_LAST_EDITED = (2 << 3) | 1,
  T_PIN = (3 << 3) | 2;
const T_ID = (1 << 3) | 0,
  T_X = (2 << 3) | 5,
  T_Y = (3 << 3) | 5,
  T_Z = (4 << 3) | 5,
  T_IMAGE = (6 << 3) | 2;
const T_TAG = (8 << 3) | 2,
  T_TAG_IDS_PACKED = (9 << 3) | 2,
  T_TAG_ID = (9 << 3) | 0,
  T_ICON = (10 << 3) | 0,
  T_REGION = (13 << 3) | 0;

/** Number of Pin messages (a cheap pre-pass so the arrays are allocated once). */
function countPins(r: PinListReader): number {
  let n = 0;
  while (r.pos < r.len) {
    const tag = r.varint();
    if (tag === T_PIN) {
      r.pos = r.end();
      n++;
    } else r.skip(tag & 7);
  }
  return n;
}

/** Decodes PinList bytes into typed arrays; throws a RangeError on malformed input. */
export function decodePinList(bytes: Uint8Array): DecodedPins {
  const count = countPins(new PinListReader(bytes));
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
  const r = new PinListReader(bytes);
  while (r.pos < r.len) {
    const tag = r.varint();
    if (tag === T_CATEGORY_ID) categoryId = r.varint();
    else if (tag === T_LAST_EDITED) lastEdited = r.double();
    else if (tag === T_PIN) {
      const pinEnd = r.end();
      start[i] = r.pos;
      end[i] = pinEnd;
      const pinTags = tagLen;
      tagStart[i] = pinTags;
      // Tag ids come from tagIds; embedded Tag messages count only while no tagIds was seen.
      let sawTagIds = false;
      while (r.pos < pinEnd) {
        const t = r.varint();
        switch (t) {
          case T_ID:
            ids[i] = r.varint();
            break;
          case T_X:
            x[i] = r.float();
            break;
          case T_Y:
            y[i] = r.float();
            break;
          case T_Z:
            z[i] = r.float();
            break;
          case T_IMAGE:
            staticFlags[i]! |= STATIC_HAS_IMAGE;
            r.skip(2);
            break;
          case T_TAG_IDS_PACKED: {
            if (!sawTagIds) {
              sawTagIds = true;
              tagLen = pinTags;
            }
            const e = r.end();
            while (r.pos < e) pushTag(r.varint());
            break;
          }
          case T_TAG_ID:
            if (!sawTagIds) {
              sawTagIds = true;
              tagLen = pinTags;
            }
            pushTag(r.varint());
            break;
          case T_TAG: {
            const e = r.end();
            let tagId = 0;
            while (r.pos < e) {
              const tt = r.varint();
              if (tt === T_ID) tagId = r.varint();
              else r.skip(tt & 7);
            }
            if (!sawTagIds) pushTag(tagId);
            break;
          }
          case T_ICON:
            icon[i] = r.varint() & 0xffff;
            break;
          case T_REGION:
            region[i] = r.varint() & 0xff;
            break;
          default:
            r.skip(t & 7);
        }
      }
      if (r.pos !== pinEnd) throw new RangeError('malformed pin');
      i++;
    } else r.skip(tag & 7);
  }
  if (r.pos !== r.len) throw new RangeError('truncated pin list');
  tagStart[count] = tagLen;
  return {
    categoryId,
    lastEdited,
    count,
    ids,
    x,
    y,
    z,
    icon,
    region,
    staticFlags,
    tagStart,
    tagList: tagList.subarray(0, tagLen),
    start,
    end,
    bytes,
  };
}
