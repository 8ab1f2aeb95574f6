import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { configFileSchema, configJsonSchema, configJsonSchemaText } from './schema.js';

const repoRoot = join(import.meta.dirname, '..', '..');

describe('schema/config.schema.json', () => {
  it('is up to date with the zod definition (run `npm run config-schema` when this fails)', () => {
    const shipped = JSON.parse(readFileSync(join(repoRoot, 'schema', 'config.schema.json'), 'utf8'));
    expect(shipped).toEqual(configJsonSchema());
    expect(JSON.parse(configJsonSchemaText())).toEqual(shipped);
  });

  it('describes every key of the zod definition and forbids unknown keys', () => {
    const schema = configJsonSchema() as { properties: Record<string, unknown>; additionalProperties: unknown; $schema: string };
    expect(Object.keys(schema.properties).sort()).toEqual(Object.keys(configFileSchema.shape).sort());
    expect(schema.additionalProperties).toBe(false);
    expect(schema.$schema).toBe('https://json-schema.org/draft/2020-12/schema');
    expect(schema.properties.window).toMatchObject({ type: 'integer', minimum: 1, maximum: 20 });
  });

  it('accepts a file that sets $schema, as editors write it', () => {
    expect(configFileSchema.parse({ $schema: '../schema/config.schema.json', window: 4 })).toEqual({
      $schema: '../schema/config.schema.json',
      window: 4,
    });
  });
});
