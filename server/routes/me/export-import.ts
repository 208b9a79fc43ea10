import { Type, type Static } from 'typebox';
import type { FastifyInstance } from 'fastify';
import { requireUser } from '../../auth/guard';
import { ok } from '../../http/envelope';
import { ApiError } from '../../http/errors';
import { readProgressFile } from '../../../common/progress-file';
import { applyImport, exportChecks, exportCsv, previewImport, type ImportedPin } from '../../repos/progress';
import { nowMs } from '../../repos/tx';
import { deviceLabel } from '../device';
import { ImportResultSchema, ProgressExportSchema } from '../../../common/api';
import { answer, jsonOrCsvAnswer } from '../responses';

/** An import body may be bigger than other bodies (a whole export). */
const IMPORT_BODY_LIMIT = 8 * 1024 * 1024;

const ExportQuery = Type.Object({ format: Type.Optional(Type.Union([Type.Literal('json'), Type.Literal('csv')])) });
const ImportBody = Type.Object({
  mode: Type.Union([Type.Literal('merge'), Type.Literal('replace')]),
  /** The export: its JSON object, or the CSV text. */
  data: Type.Unknown(),
  /** true: answer what would change and change nothing. */
  preview: Type.Optional(Type.Boolean()),
});

/** The pins of an export (JSON object or CSV text), unique (the latest time wins), with their times where given; or a Korean 400. */
export function pinsOfFile(data: unknown): ImportedPin[] {
  const read = readProgressFile(data);
  if ('error' in read) throw ApiError.badRequest(read.error.message, read.error.detail);
  return read.pins;
}

/** GET /v1/me/export?format=json|csv and POST /v1/me/import {mode, data, preview?}: the caller's checks as a file and back. */
export async function registerExportImportRoutes(app: FastifyInstance): Promise<void> {
  app.get(
    '/v1/me/export',
    { schema: { querystring: ExportQuery, response: jsonOrCsvAnswer(ProgressExportSchema) } },
    async (request, reply) => {
      const userId = requireUser(request);
      const { format = 'json' } = request.query as Static<typeof ExportQuery>;
      const e = await exportChecks(app.db, userId, nowMs());
      const day = new Date(e.exportedAt).toISOString().slice(0, 10);
      reply.header('content-disposition', `attachment; filename="wuwa-map-progress-${day}.${format}"`);
      if (format === 'csv') return reply.type('text/csv; charset=utf-8').send(exportCsv(e));
      return ok(e);
    },
  );

  app.post(
    '/v1/me/import',
    { schema: { body: ImportBody, response: answer(ImportResultSchema) }, bodyLimit: IMPORT_BODY_LIMIT },
    async (request) => {
      const userId = requireUser(request);
      const { mode, data, preview } = request.body as Static<typeof ImportBody>;
      const pins = pinsOfFile(data);
      if (preview) return ok({ applied: false, ...(await previewImport(app.db, userId, mode, pins, nowMs())) });
      const r = await applyImport(app.db, userId, mode, pins, nowMs(), deviceLabel(request));
      return ok({ applied: true, ...r.plan, actionId: r.actionId, checkTime: r.checkTime });
    },
  );
}
