/* eslint-disable @typescript-eslint/no-unsafe-declaration-merging, @typescript-eslint/no-empty-object-type --
   the class is the injection token, the interface of the same name gives it the shape loadConfig() builds */
import type { appConfigOf } from './load-config';

/**
 * Typed, validated configuration, injected wherever settings are needed and built only by
 * loadConfig(). Its shape is appConfigOf()'s result; each setting is documented where its
 * variable is declared (environment.ts).
 */
export abstract class AppConfig {}

export interface AppConfig extends ReturnType<typeof appConfigOf> {}
