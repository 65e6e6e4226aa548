import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../config';

describe('marketing settings at start-up', () => {
  it('refuses a tag-manager id that is not GTM- then digits or capitals, with a clear line', () => {
    for (const bad of ['gtm-ABC1', 'GTM-', 'GTM-ab12', 'UA-12345', 'GTM-AB12;alert(1)']) {
      expect(() => loadConfig({ GTM_ID: bad })).toThrow(ConfigError);
      expect(() => loadConfig({ GTM_ID: bad })).toThrow(/GTM_ID must be a Google Tag Manager id/);
    }
    expect(loadConfig({ GTM_ID: 'GTM-AB12CD' }).GTM_ID).toBe('GTM-AB12CD');
    expect(loadConfig({}).GTM_ID).toBeUndefined();
  });

  it('defaults the data layer to dataLayer, its view event to content-view and the report limit to 10', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      DATA_LAYER_NAME: 'dataLayer',
      DATA_LAYER_VIEW_EVENT: 'content-view',
      ERROR_REPORTS_MAX_EVENTS: 10,
    });
    expect(() => loadConfig({ ERROR_REPORTS_MAX_EVENTS: '0' })).toThrow(
      /ERROR_REPORTS_MAX_EVENTS must be 1 to 100/,
    );
    expect(() => loadConfig({ ERROR_REPORTS_MAX_EVENTS: '101' })).toThrow(/1 to 100/);
    expect(() => loadConfig({ DATA_LAYER_NAME: 'data-layer' })).toThrow(/DATA_LAYER_NAME/);
    expect(() => loadConfig({ SENTRY_DSN: 'not a dsn' })).toThrow(/SENTRY_DSN/);
  });
});
