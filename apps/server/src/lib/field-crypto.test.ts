import { getCiphers } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  createFieldCrypto,
  FieldCryptoError,
  hasSm4,
  isSealedValue,
  loadFieldKeys,
  newFieldKeyEntry,
  parseFieldKeys,
  sealedKeyId,
} from './field-crypto.js';
import { maskPersonal, maskedParam, SEALED_COLUMNS, sealPersonal } from './personal-data.js';

const k1 = parseFieldKeys('k1:a passphrase long enough', 'test');
const k2 = parseFieldKeys(newFieldKeyEntry('k2'), 'test');
const PHONE = 'sys_user.phone';

describe('field encryption (personal data at rest)', () => {
  it('has SM4-CBC and SM3 in this Node.js, and no SM4-GCM (so SM4 is paired with HMAC-SM3)', () => {
    expect(hasSm4()).toBe(true);
    expect(getCiphers()).not.toContain('sm4-gcm');
  });

  it('seals with SM4 by default: random each time, not the value, and opens again', () => {
    const crypto = createFieldCrypto(k1);
    const a = crypto.seal('13800138000', PHONE);
    const b = crypto.seal('13800138000', PHONE);
    expect(a).toMatch(/^fe1:s:k1:[A-Za-z0-9+/=]+$/);
    expect(a).not.toBe(b);
    expect(a).not.toContain('13800138000');
    expect(crypto.open(a, PHONE)).toBe('13800138000');
    expect(crypto.open('张三 110101199003071234', PHONE)).toBe('张三 110101199003071234');
    expect(isSealedValue(a)).toBe(true);
    expect(sealedKeyId(a)).toBe('k1');
  });

  it('seals with AES-256-GCM as the setting, and either opens under the same ring', () => {
    const sm4 = createFieldCrypto(k1, 'sm4');
    const aes = createFieldCrypto(k1, 'aes-256-gcm');
    const sealed = aes.seal('zhang@example.com', 'sys_user.email');
    expect(sealed).toMatch(/^fe1:a:k1:/);
    expect(sm4.open(sealed, 'sys_user.email')).toBe('zhang@example.com');
    expect(aes.open(sm4.seal('x@y.cn', 'sys_user.email'), 'sys_user.email')).toBe('x@y.cn');
    expect(aes.isCurrent(sealed)).toBe(true);
    expect(sm4.isCurrent(sealed)).toBe(false);
  });

  it('fails closed: an altered value, another column, another key or an unknown key id never opens', () => {
    for (const cipher of ['sm4', 'aes-256-gcm'] as const) {
      const crypto = createFieldCrypto(k1, cipher);
      const sealed = crypto.seal('110101199003071234', 'biz_room_ticket.holder_id_card');
      const body = Buffer.from(sealed.slice('fe1:s:k1:'.length), 'base64');
      body[20] ^= 1;
      const altered = `${sealed.slice(0, 'fe1:s:k1:'.length)}${body.toString('base64')}`;
      expect(() => crypto.open(altered, 'biz_room_ticket.holder_id_card')).toThrow(FieldCryptoError);
      expect(() => crypto.open(sealed, 'biz_room_ticket.holder_phone')).toThrow(FieldCryptoError);
      const other = createFieldCrypto(parseFieldKeys('k1:another passphrase here', 'test'), cipher);
      expect(() => other.open(sealed, 'biz_room_ticket.holder_id_card')).toThrow(/密钥不符或数据已被篡改/);
      expect(() => createFieldCrypto(k2, cipher).open(sealed, 'biz_room_ticket.holder_id_card')).toThrow(
        /缺少字段加密密钥 k1/,
      );
    }
  });

  it('keeps old keys readable, seals with the first, and searches by the hash under every key', () => {
    const old = createFieldCrypto(k1);
    const ring = createFieldCrypto([...k2, ...k1]);
    const before = old.seal('13800138000', PHONE);
    expect(ring.open(before, PHONE)).toBe('13800138000');
    expect(ring.isCurrent(before)).toBe(false);
    expect(ring.seal('13800138000', PHONE)).toMatch(/^fe1:s:k2:/);
    // The hash is keyed and bound to the column: the same phone of a ticket holder hashes otherwise.
    expect(old.hash('13800138000', PHONE)).toMatch(/^[0-9a-f]{64}$/);
    expect(old.hash('13800138000', PHONE)).not.toBe(old.hash('13800138000', 'biz_room_ticket.holder_phone'));
    expect(ring.hashes('13800138000', PHONE)).toEqual([
      ring.hash('13800138000', PHONE),
      old.hash('13800138000', PHONE),
    ]);
    expect(ring.fingerprint('k1')).toBe(old.fingerprint('k1'));
    expect(ring.fingerprint('k1')).not.toBe(ring.fingerprint('k2'));
  });

  it('reads the key configuration, refusing what it cannot use with a message', () => {
    expect(
      parseFieldKeys('k2:' + 'a'.repeat(64) + ', k1:another passphrase here', 'FIELD_KEYS').map((k) => k.id),
    ).toEqual(['k2', 'k1']);
    expect(() => parseFieldKeys('short', 'FIELD_KEYS')).toThrow(/编号:密钥/);
    expect(() => parseFieldKeys('k1:short', 'FIELD_KEYS')).toThrow(/至少 16 个字符/);
    expect(() => parseFieldKeys('k_1:a passphrase long enough', 'FIELD_KEYS')).toThrow(/编号/);
    expect(() => createFieldCrypto([...k1, ...k1])).toThrow(/重复/);
  });

  it('generates the embedded key file once (owner-only) and reuses it; FIELD_KEYS wins', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'field-keys-'));
    const file = path.join(dir, 'data', '.field-keys');
    const first = loadFieldKeys(null, file);
    expect(first.map((k) => k.id)).toEqual(['k1']);
    expect(fs.statSync(file).mode & 0o077).toBe(0);
    const again = loadFieldKeys(null, file);
    expect(again[0]!.material.equals(first[0]!.material)).toBe(true);
    expect(loadFieldKeys('k9:a passphrase long enough', file).map((k) => k.id)).toEqual(['k9']);
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('masks what lists and logs show, by the kind a column or a parameter name announces', () => {
    expect(maskPersonal('phone', '13800138000')).toBe('138****8000');
    expect(maskPersonal('idCard', '11010519491231002X')).toBe('110***********002X');
    expect(maskPersonal('email', 'zhang.san@example.com')).toBe('z***@example.com');
    expect(maskedParam('holderIdCard', '11010519491231002X')).toBe('110***********002X');
    expect(maskedParam('mobile', '13800138000')).toBe('138****8000');
    expect(maskedParam('phoneLogin', true)).toBeNull();
    expect(maskedParam('realname', '张三')).toBeNull();
    const crypto = createFieldCrypto(k1);
    expect(sealPersonal(crypto, SEALED_COLUMNS.userPhone, '  ')).toEqual({ value: null, hash: null });
    // ID numbers are compared in upper case: x and X are one number.
    const lower = sealPersonal(crypto, SEALED_COLUMNS.ticketHolderIdCard, '11010519491231002x');
    expect(lower.hash).toBe(sealPersonal(crypto, SEALED_COLUMNS.ticketHolderIdCard, '11010519491231002X').hash);
  });
});
