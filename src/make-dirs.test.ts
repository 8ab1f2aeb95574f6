import { existsSync, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { makeDirs } from './make-dirs.js';

const made: string[] = [];
afterEach(() => {
  for (const dir of made.splice(0)) rmSync(dir, { recursive: true, force: true });
});
const temp = () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'skillpulse-make-dirs-'));
  made.push(dir);
  return dir;
};

describe('makeDirs', () => {
  it('creates every missing folder, with the mode, and accepts existing ones', () => {
    const root = temp();
    const deep = path.join(root, 'a', 'b', 'c');
    makeDirs(deep, 0o700);
    expect(statSync(deep).isDirectory()).toBe(true);
    expect(statSync(path.join(root, 'a')).mode & 0o777).toBe(0o700);
    makeDirs(deep);
    makeDirs(root);
  });

  it.skipIf(!existsSync('/proc/self'))(
    'fails at once where a folder cannot be made (Node 20 recursive mkdir loops forever under /proc)',
    () => {
      expect(() => makeDirs('/proc/skillpulse-no/such')).toThrow(/ENOENT|EACCES|EPERM/);
    },
  );

  it('says when a file stands where a folder should be', () => {
    const root = temp();
    writeFileSync(path.join(root, 'file'), '');
    expect(() => makeDirs(path.join(root, 'file', 'sub'))).toThrow(/ENOTDIR/);
  });
});
