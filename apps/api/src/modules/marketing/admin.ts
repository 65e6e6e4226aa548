import type { AdminExperiment, AdminExperimentBody, AdminExperimentUpdateBody } from '@sprout/contracts';
import type { Database } from '@sprout/db';
import { AppError } from '../../errors/app-error';
import { recordAdminAction } from '../../platform/audit/service';
import { isRunning } from './assignment';
import * as repository from './repository';

// Experiments as the admin site manages them (decisions 026 and 027): define variants and weights, and
// read assignment, exposure and conversion per variant. Every change is audited in its transaction.

type Counts = Awaited<ReturnType<typeof repository.experimentVariantCounts>>[number];

function toAdminExperiment(row: repository.ExperimentRow, counts: Counts[], now: Date): AdminExperiment {
  const mine = counts.filter((count) => count.experimentId === row.id);
  const known = new Set(row.variants.map((variant) => variant.code));
  const variantStats = (code: string, weight: number) => {
    const count = mine.find((candidate) => candidate.variant === code);
    return {
      code,
      weight,
      assigned: count?.assigned ?? 0,
      exposed: count?.exposed ?? 0,
      converted: count?.converted ?? 0,
    };
  };
  return {
    id: row.id,
    code: row.code,
    name: row.name,
    starts_at: row.startsAt?.toISOString() ?? null,
    ends_at: row.endsAt?.toISOString() ?? null,
    is_running: isRunning(row, now),
    variants: [
      ...row.variants.map((variant) => variantStats(variant.code, variant.weight)),
      // A variant removed later still has its visitors: they keep it (assignments are sticky).
      ...mine.filter((count) => !known.has(count.variant)).map((count) => variantStats(count.variant, 0)),
    ],
  };
}

export async function listAdminExperiments(db: Database, now: Date): Promise<AdminExperiment[]> {
  const [rows, counts] = await Promise.all([
    repository.listExperiments(db),
    repository.experimentVariantCounts(db),
  ]);
  return rows.map((row) => toAdminExperiment(row, counts, now));
}

export async function adminExperiment(db: Database, id: number, now: Date): Promise<AdminExperiment> {
  const row = await repository.findExperimentById(db, id);
  if (!row) throw AppError.notFound('There is no experiment with this id.');
  return toAdminExperiment(row, await repository.experimentVariantCounts(db), now);
}

const instant = (value: string | null | undefined) =>
  value === undefined ? undefined : value === null ? null : new Date(value);

/** What the audit log keeps of an experiment: its definition, not its live numbers. */
function definition(row: repository.ExperimentRow) {
  return {
    code: row.code,
    name: row.name,
    variants: row.variants,
    starts_at: row.startsAt,
    ends_at: row.endsAt,
  };
}

export async function createExperiment(
  db: Database,
  actorUserId: number,
  body: AdminExperimentBody,
  now: Date,
): Promise<AdminExperiment> {
  const id = await db.transaction(async (tx) => {
    const row = await repository.insertExperiment(tx, {
      code: body.code,
      name: body.name,
      variants: body.variants,
      startsAt: instant(body.starts_at) ?? null,
      endsAt: instant(body.ends_at) ?? null,
    });
    if (!row) throw AppError.invalidField('code', `An experiment with the code ${body.code} exists already.`);
    await recordAdminAction(tx, {
      actorUserId,
      action: 'experiment.create',
      entity: 'experiment',
      entityId: row.id,
      before: null,
      after: definition(row),
    });
    return row.id;
  });
  return adminExperiment(db, id, now);
}

export async function updateAdminExperiment(
  db: Database,
  actorUserId: number,
  id: number,
  body: AdminExperimentUpdateBody,
  now: Date,
): Promise<AdminExperiment> {
  await db.transaction(async (tx) => {
    const before = await repository.lockExperiment(tx, id);
    if (!before) throw AppError.notFound('There is no experiment with this id.');
    const startsAt = instant(body.starts_at);
    const endsAt = instant(body.ends_at);
    const nextStart = startsAt === undefined ? before.startsAt : startsAt;
    const nextEnd = endsAt === undefined ? before.endsAt : endsAt;
    if (nextStart && nextEnd && nextEnd <= nextStart)
      throw AppError.invalidField('ends_at', 'The end must be after the start.');
    const after = await repository.updateExperiment(tx, id, {
      ...(body.name === undefined ? {} : { name: body.name }),
      ...(body.variants === undefined ? {} : { variants: body.variants }),
      ...(startsAt === undefined ? {} : { startsAt }),
      ...(endsAt === undefined ? {} : { endsAt }),
    });
    await recordAdminAction(tx, {
      actorUserId,
      action: 'experiment.update',
      entity: 'experiment',
      entityId: id,
      before: definition(before),
      after: definition(after),
    });
  });
  return adminExperiment(db, id, now);
}
