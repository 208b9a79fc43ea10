import { describe, expect, it } from 'vitest';
import { ko } from '../../i18n/ko';
import { toDraft, validatePinForm, type PinFormValues } from './pin-form';

const base: PinFormValues = { x: '100', y: '200', region: 0, floor: null, categoryId: 3, tags: [1], content: ' 설명 ', image: null };

describe('pin form', () => {
  it('accepts coordinates inside the region and a chosen category', () => {
    expect(validatePinForm(base)).toEqual({});
    expect(toDraft(base)).toEqual({
      coordX: 100,
      coordY: 200,
      coordZ: null,
      floorAreaId: null,
      content: '설명',
      tags: [1],
      categoryId: 3,
      region: 0,
      image: null,
    });
  });
  it('refuses blank, non-numeric and out-of-map coordinates with the spec message', () => {
    expect(validatePinForm({ ...base, x: '' }).coords).toBe(ko.coordinatesInvalid);
    expect(validatePinForm({ ...base, y: 'abc' }).coords).toBe(ko.coordinatesInvalid);
    expect(validatePinForm({ ...base, x: '999999' }).coords).toBe(ko.coordinatesInvalid);
  });
  it('asks for a category', () => {
    expect(validatePinForm({ ...base, categoryId: null }).category).toBe(ko.chooseCategory);
  });
});
