import { afterEach, describe, expect, it } from 'vitest';
import { createRoot, type Root } from 'react-dom/client';
import { act, useState } from 'react';
import { EditForm } from './EditForm';
import type { PinFormValues } from './pin-form';
import { seedWorld, setWorld } from '../../../common/regions';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const cleanups: (() => unknown)[] = [];
afterEach(async () => {
  for (const f of cleanups.splice(0).reverse()) await f();
  setWorld(seedWorld());
});

let latest: PinFormValues | null = null;
function Form({ initial }: { initial: PinFormValues }) {
  const [values, setValues] = useState(initial);
  latest = values;
  return (
    <EditForm
      editing
      values={values}
      setValues={setValues}
      errors={{}}
      file={null}
      onFile={() => undefined}
      categories={[]}
      tagGroups={[]}
      picking={false}
      onReview={() => undefined}
    />
  );
}

async function mount(values: Partial<PinFormValues>): Promise<HTMLSelectElement> {
  const host = document.createElement('div');
  document.body.appendChild(host);
  const root: Root = createRoot(host);
  const initial: PinFormValues = {
    x: '100',
    y: '100',
    region: 3,
    floor: null,
    categoryId: 1,
    tags: [],
    content: '',
    image: null,
    ...values,
  };
  await act(async () => root.render(<Form initial={initial} />));
  cleanups.push(
    () => host.remove(),
    () => act(async () => root.unmount()),
  );
  return host.querySelector<HTMLSelectElement>('#pin-floor')!;
}

const shown = (s: HTMLSelectElement) => s.selectedOptions[0]?.textContent;

describe('the editor names the pin’s floor (issue 20 item 2)', () => {
  it('shows 지하 4층 for a −4 pin in a region whose areas stop at −3, not the first floor in the list', async () => {
    const select = await mount({ region: 3, floor: -4, x: '3072', y: '-1536' });
    expect(shown(select)).toBe('지하 4층');
    expect(shown(select)).not.toBe('1층');
  });

  it('names the floor area that holds the pin, and lists each named area of a floor', async () => {
    const select = await mount({ region: 4, floor: -6, x: '0', y: '0' });
    expect(shown(select)).toBe('심연 · 지하 6층');
    const vault = await mount({ region: 3, floor: -1, x: '500', y: '-1000' });
    expect([...vault.options].map((o) => o.textContent)).toContain('지하 1층');
  });

  it('changing the floor keeps the depth the server gets', async () => {
    const select = await mount({ region: 3, floor: -4, x: '3072', y: '-1536' });
    await act(async () => {
      select.value = [...select.options].find((o) => o.textContent === '지하 2층')!.value;
      select.dispatchEvent(new Event('change', { bubbles: true }));
    });
    expect(latest?.floor).toBe(-2);
  });
});
