import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createSecretBox, isSealed, keyFromText, loadSecretBox, SecretBoxError } from './secret-box.js';

describe('secret box', () => {
  const box = createSecretBox(keyFromText('a passphrase long enough'));

  it('seals so the stored value hides the secret, and opens it again', () => {
    const sealed = box.seal('smtp-pässword', 'smtp.password');
    expect(isSealed(sealed)).toBe(true);
    expect(sealed).not.toContain('smtp');
    expect(box.seal('same', 'p')).not.toBe(box.seal('same', 'p'));
    expect(box.open(sealed, 'smtp.password')).toBe('smtp-pässword');
  });

  it('refuses another key, another purpose and a tampered value', () => {
    const sealed = box.seal('secret', 'a');
    const other = createSecretBox(keyFromText('f'.repeat(64)));
    expect(() => other.open(sealed, 'a')).toThrow(SecretBoxError);
    expect(() => box.open(sealed, 'b')).toThrow(SecretBoxError);
    const raw = Buffer.from(sealed.slice(3), 'base64');
    raw[raw.length - 1] ^= 1;
    expect(() => box.open(`v1:${raw.toString('base64')}`, 'a')).toThrow(SecretBoxError);
    expect(() => box.open('plain text', 'a')).toThrow(SecretBoxError);
  });

  it('refuses a short SECRET_KEY', () => {
    expect(() => keyFromText('short')).toThrow(/SECRET_KEY/);
  });

  it('generates the embedded key file once and reuses it', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'secret-box-'));
    const file = path.join(dir, 'data', '.secret-key');
    const sealed = loadSecretBox(null, file).seal('x');
    expect(fs.statSync(file).mode & 0o077).toBe(0);
    expect(loadSecretBox(null, file).open(sealed)).toBe('x');
    // SECRET_KEY wins over the file: a value sealed with the file's key does not open.
    expect(() => loadSecretBox('another passphrase!!', file).open(sealed)).toThrow(SecretBoxError);
    fs.rmSync(dir, { recursive: true, force: true });
  });
});
