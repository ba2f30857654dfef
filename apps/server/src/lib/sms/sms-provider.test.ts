import { mkdtemp, readFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createSmsProvider, LogSmsProvider, MemorySmsProvider } from './sms-provider.js';

describe('SMS providers', () => {
  it('the log provider logs the text and appends one JSON line per message to the configured file', async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'sms-'));
    const file = path.join(dir, 'sms.log');
    const logged: string[] = [];
    const sms = new LogSmsProvider((_fields, message) => logged.push(message), file);
    await sms.send({ phone: '13800000001', text: '验证码 123456', purpose: 'login' });
    await sms.send({ phone: '13800000002', text: '验证码 654321' });
    expect(logged[0]).toContain('验证码 123456');
    const lines = (await readFile(file, 'utf8'))
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as { phone: string });
    expect(lines.map((l) => l.phone)).toEqual(['13800000001', '13800000002']);
  });

  it('the memory provider keeps messages, finds the latest per number, and can be made to fail', async () => {
    const sms = new MemorySmsProvider();
    await sms.send({ phone: '13800000001', text: 'a' });
    await sms.send({ phone: '13800000001', text: 'b' });
    expect(sms.last('13800000001')?.text).toBe('b');
    expect(sms.last('13900000000')).toBeUndefined();
    sms.failWith = '网关拒绝';
    await expect(sms.send({ phone: '13800000001', text: 'c' })).rejects.toThrow('网关拒绝');
    expect(sms.sent).toHaveLength(2);
  });

  it('is chosen by name', () => {
    expect(createSmsProvider('log', () => undefined, null).name).toBe('log');
    expect(createSmsProvider('memory', () => undefined, null)).toBeInstanceOf(MemorySmsProvider);
  });
});
