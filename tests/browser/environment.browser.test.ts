import { describe, expect, inject, it } from 'vitest';

describe('browser test environment', () => {
  it('has WebGL2 in Chromium (SwiftShader on machines without a GPU)', () => {
    const gl = document.createElement('canvas').getContext('webgl2');
    expect(gl).not.toBeNull();
    gl!.clearColor(0.2, 0.4, 0.6, 1);
    gl!.clear(gl!.COLOR_BUFFER_BIT);
    const px = new Uint8Array(4);
    gl!.readPixels(0, 0, 1, 1, gl!.RGBA, gl!.UNSIGNED_BYTE, px);
    expect([...px]).toEqual([51, 102, 153, 255]);
  });

  it('reaches the real server same-origin through the proxy', async () => {
    expect(inject('apiOrigin')).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    const res = await fetch('/api/v1/definitely-not-a-route');
    expect(res.status).toBe(404);
    const body = await res.json();
    expect(body).toMatchObject({ status: 404, result: null, error: { errClazz: 'not_found' } });
  });
});
