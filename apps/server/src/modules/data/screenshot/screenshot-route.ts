import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Config } from '../../../config';
import { HttpError } from '../../../lib/http-error';
import { checkOutboundUrl } from '../../../lib/outbound/check-outbound-url';
import type { StudentFiles } from '../../storage/student-files';
import type { DataAccess } from '../data-access';
import { createBrowserHost } from './browser-host';
import { renderScreenshot } from './render-page';
import { screenshotBody } from './screenshot-body';
import { createSlots } from './slots';

/** Per student: a render costs seconds of a core, so far fewer than the other data calls. */
const SCREENSHOTS_PER_MINUTE = 10;
/** Renders at once and renders waiting, for the whole server. */
const RENDERS = { running: 2, waiting: 10 };

/**
 * POST /api/data/{project}/screenshot {url, width?, height?, fullPage?} -> {url} of the PNG,
 * saved in the student's files (their quota; removed with the account). Chromium renders the
 * page with every request it makes routed through fetchOutbound (guarded-routing.ts).
 */
export async function registerScreenshotRoute(
  app: FastifyInstance,
  options: { config: Config; files: StudentFiles; access: DataAccess },
): Promise<void> {
  const { config, files } = options;
  const host = createBrowserHost(config.chromiumPath, app.log);
  app.addHook('onClose', () => host.close());
  const renders = createSlots({
    ...RENDERS,
    whenFull: () =>
      new HttpError(503, 'SCREENSHOT_BUSY', 'Too many screenshots are being taken, retry soon', {
        headers: { 'retry-after': '10' },
      }),
  });
  const { access } = options;
  const perStudent = access.limitPerMinute('screenshot', SCREENSHOTS_PER_MINUTE);

  app.withTypeProvider<ZodTypeProvider>().post(
    '/api/data/:project/screenshot',
    {
      schema: { params: z.object({ project: z.string() }), body: screenshotBody },
      preValidation: access.preValidation,
      preHandler: [access.preHandler, perStudent],
    },
    async (request) => {
      const shot = request.body;
      const allowedHosts = config.dataAllowedHosts;
      // Refused before a browser tab is spent on it (the render checks every hop again).
      await checkOutboundUrl(shot.url, { allowedHosts });
      const png = await renders.run(async () =>
        renderScreenshot(await host.browser(), shot, { allowedHosts, log: request.log }),
      );
      const saved = await files.saveGenerated(access.studentOf(request).id, {
        kind: 'screenshots',
        extension: 'png',
        body: png,
      });
      return { url: saved.url };
    },
  );
}
