import { describe, expect, it } from 'vitest';
import { DEFAULT_GEOCODER_URL, DEFAULT_MAP_TILES } from '@apron/core';
import { ConfigError, loadConfig } from './config';

describe('configuration from the environment', () => {
  it('has working defaults for a first run', () => {
    const config = loadConfig({});
    expect(config.port).toBe(3000);
    expect(config.publicUrl).toBe('http://localhost:3000');
    expect(config.databaseUrl).toBeUndefined();
    expect(config.dataDir).toMatch(/data$/);
    expect(config.oidc).toBeNull();
    expect(config.secureCookies).toBe(false);
  });

  it('names every bad variable in one message', () => {
    let message = '';
    try {
      loadConfig({ PORT: 'eighty', DATABASE_URL: 'mysql://x', SMTP_URL: 'mail.example.com', ADMIN_PASSWORD: 'short' });
    } catch (error) {
      expect(error).toBeInstanceOf(ConfigError);
      message = (error as Error).message;
    }
    expect(message).toMatch(/PORT:/);
    expect(message).toMatch(/DATABASE_URL: must start with postgres/);
    expect(message).toMatch(/SMTP_URL: must start with smtp/);
    expect(message).toMatch(/ADMIN_PASSWORD: must be at least 10 characters/);
  });

  it('a demo of a real size: APRON_DEMO_INVOICES generated invoices (none by default), a whole number', () => {
    expect(loadConfig({}).demoInvoices).toBe(0);
    expect(loadConfig({ APRON_DEMO: '1', APRON_DEMO_INVOICES: '5000' }).demoInvoices).toBe(5000);
    expect(() => loadConfig({ APRON_DEMO_INVOICES: 'many' })).toThrow(/APRON_DEMO_INVOICES:/);
    expect(() => loadConfig({ APRON_DEMO_INVOICES: '-1' })).toThrow(/APRON_DEMO_INVOICES:/);
  });

  it('wants the three OIDC variables together', () => {
    expect(() => loadConfig({ OIDC_ISSUER: 'https://login.example.com' })).toThrow(/OIDC_ISSUER: set OIDC_ISSUER, OIDC_CLIENT_ID and OIDC_CLIENT_SECRET together/);
    const config = loadConfig({ OIDC_ISSUER: 'https://login.example.com', OIDC_CLIENT_ID: 'apron', OIDC_CLIENT_SECRET: 's3cret' });
    expect(config.oidc).toEqual({ issuer: 'https://login.example.com', clientId: 'apron', clientSecret: 's3cret' });
  });

  it('requires a session secret in production and secure cookies behind https', () => {
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(/SESSION_SECRET: is required in production/);
    const config = loadConfig({ NODE_ENV: 'production', SESSION_SECRET: 'x'.repeat(40), PUBLIC_URL: 'https://apron.example.com/' });
    expect(config.publicUrl).toBe('https://apron.example.com');
    expect(config.secureCookies).toBe(true);
  });

  it('serves OpenStreetMap and Esri tiles unless the operator names https tile servers', () => {
    expect(loadConfig({}).mapTiles).toEqual({ streetsUrl: DEFAULT_MAP_TILES.streetsUrl, satelliteUrl: DEFAULT_MAP_TILES.satelliteUrl });
    const custom = loadConfig({ MAP_STREETS_URL: 'https://{s}.tiles.example.com/{z}/{x}/{y}.png' });
    expect(custom.mapTiles.streetsUrl).toBe('https://{s}.tiles.example.com/{z}/{x}/{y}.png');
    expect(() => loadConfig({ MAP_SATELLITE_URL: 'http://tiles.example.com/{z}/{x}/{y}' })).toThrow(/MAP_SATELLITE_URL: must start with https:\/\//);
  });

  it('searches addresses through Nominatim unless the operator names an https geocoder', () => {
    expect(loadConfig({}).geocoderUrl).toBe(DEFAULT_GEOCODER_URL);
    expect(DEFAULT_GEOCODER_URL).toBe('https://nominatim.openstreetmap.org/search');
    expect(loadConfig({ GEOCODER_URL: 'https://geo.example.com/search' }).geocoderUrl).toBe('https://geo.example.com/search');
    // A self-hosted service on the same machine may speak plain http; nothing else may.
    expect(loadConfig({ GEOCODER_URL: 'http://127.0.0.1:8088/search' }).geocoderUrl).toBe('http://127.0.0.1:8088/search');
    expect(() => loadConfig({ GEOCODER_URL: 'http://geo.example.com/search' })).toThrow(/GEOCODER_URL: must start with https:\/\//);
    expect(() => loadConfig({ GEOCODER_URL: 'http://localhost.evil.example/search' })).toThrow(/GEOCODER_URL: must start with https:\/\//);
  });
});
