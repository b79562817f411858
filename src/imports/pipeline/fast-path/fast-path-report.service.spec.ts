import { Logger } from '@nestjs/common';
import { importMetrics } from '../../worker/testing/import-metrics';
import type { ImportMetricsService } from '../../queue/import-metrics.service';
import { FAST_PATH_STATUS } from './fast-path';
import { FastPathReportService } from './fast-path-report.service';

const gaugeValue = async (metrics: ImportMetricsService): Promise<number | undefined> =>
  (await metrics.fastPathEnabled.get()).values[0]?.value;

describe('FastPathReportService', () => {
  afterEach(() => jest.restoreAllMocks());

  it('is on in this build: ProductDto and the fast rules agree', () => {
    expect(FAST_PATH_STATUS).toEqual({ enabled: true, drift: [] });
  });

  it('sets import_fast_path_enabled to 1 and logs nothing when the fast path is on', async () => {
    const warn = jest.spyOn(Logger.prototype, 'warn').mockImplementation(() => undefined);
    const metrics = importMetrics();
    const report = new FastPathReportService({ enabled: true, drift: [] }, metrics);
    report.onModuleInit();
    expect(await gaugeValue(metrics)).toBe(1);
    expect(warn).not.toHaveBeenCalled();
    expect(report.readiness()).toEqual({ enabled: true });
  });

  it('warns at boot, sets the gauge to 0 and gives the reason to readiness when the rules drifted', async () => {
    const warn = jest.spyOn(Logger.prototype, 'warn').mockImplementation(() => undefined);
    const metrics = importMetrics();
    const drift = ['ProductDto.colour has no fast rule'];
    const report = new FastPathReportService({ enabled: false, drift }, metrics);
    report.onModuleInit();
    expect(await gaugeValue(metrics)).toBe(0);
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('ProductDto.colour has no fast rule'));
    expect(report.readiness()).toEqual({ enabled: false, reason: drift });
  });
});
