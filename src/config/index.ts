export {
  CONFIG_SCHEMA_ID,
  configFileSchema,
  configJsonSchema,
  configJsonSchemaText,
  DEFAULT_CONFIG,
  type ConfigFile,
  type ResolvedConfig,
} from './schema.js';
export {
  encodeProjectDir,
  findProjectConfig,
  isProjectExcluded,
  loadConfig,
  mergeConfig,
  parseConfigText,
  readConfigFile,
  resolveConfigPath,
  userConfigPath,
  type ConfigScope,
  type ConfigSource,
  type LoadConfigOptions,
  type LoadedConfig,
} from './load.js';
