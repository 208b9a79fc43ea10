import { ko } from '../../i18n/ko';
import { isKnownRegion, regionById } from '../../../common/regions';
import type { PinDraft } from '../../data';

/** The editor's fields as typed (strings where the user types numbers). */
export interface PinFormValues {
  x: string;
  y: string;
  region: number;
  floor: number | null;
  /** The named floor area chosen or loaded (null or absent: the one at the pin's place, as the server finds it). */
  floorAreaId?: number | null;
  categoryId: number | null;
  tags: number[];
  content: string;
  image: string | null;
}

/** Per-field error messages; empty when the form can be sent. */
export type PinFormErrors = Partial<Record<'coords' | 'category', string>>;

/** Validates the form (SPEC §5): coordinates inside the region's map, a category chosen. */
export function validatePinForm(v: PinFormValues): PinFormErrors {
  const errors: PinFormErrors = {};
  const x = Number(v.x);
  const y = Number(v.y);
  const okNumbers = v.x.trim() !== '' && v.y.trim() !== '' && Number.isFinite(x) && Number.isFinite(y);
  if (!okNumbers || !isKnownRegion(v.region)) errors.coords = ko.coordinatesInvalid;
  else {
    const [minX, minY, maxX, maxY] = regionById(v.region).info.extent;
    if (x < minX || x > maxX || y < minY || y > maxY) errors.coords = ko.coordinatesInvalid;
  }
  if (v.categoryId == null) errors.category = ko.chooseCategory;
  return errors;
}

/** The draft sent to the server (content is the description, tags are tag ids). */
export function toDraft(v: PinFormValues): PinDraft {
  return {
    coordX: Number(v.x),
    coordY: Number(v.y),
    coordZ: v.floor,
    floorAreaId: v.floorAreaId ?? null,
    content: v.content.trim(),
    tags: v.tags,
    categoryId: v.categoryId!,
    region: v.region,
    image: v.image,
  };
}
