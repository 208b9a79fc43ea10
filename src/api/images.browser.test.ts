import { beforeAll, describe, expect, it } from 'vitest';
import { ko } from '../i18n/ko';
import { signInLocal, signOut } from '../data/test-support';
import { uploadImage } from './images';

async function pngFile(): Promise<File> {
  const c = document.createElement('canvas');
  c.width = 64;
  c.height = 48;
  const g = c.getContext('2d')!;
  g.fillStyle = '#d9b35f';
  g.fillRect(0, 0, 64, 48);
  const blob = await new Promise<Blob>((r) => c.toBlob((b) => r(b!), 'image/png'));
  return new File([blob], 'shot.png', { type: 'image/png' });
}

describe('comment image upload to the configured image host', () => {
  // The built-in host takes uploads from signed-in players only; sign-in goes through the OAuth start route.
  beforeAll(async () => {
    await signInLocal(`img${Date.now()}@example.com`);
  });

  it('uploads multipart image + type=file with the Client-ID header and resolves to the link', async () => {
    const progress: number[] = [];
    const link = await uploadImage(await pngFile(), (f) => progress.push(f));
    expect(typeof link).toBe('string');
    expect(progress.at(-1)).toBe(1);
    const res = await fetch(link);
    expect(res.status).toBe(200);
    expect((await res.blob()).size).toBeGreaterThan(0);
  });

  it('a file the host refuses fails with the image-host message', async () => {
    const bad = new File(['not an image at all'], 'a.png', { type: 'image/png' });
    await expect(uploadImage(bad)).rejects.toMatchObject({ messageTranslated: ko.imageHostFailed });
  });

  it('a visitor cannot upload', async () => {
    await signOut();
    await expect(uploadImage(await pngFile())).rejects.toMatchObject({ messageTranslated: ko.imageHostFailed });
  });
});
