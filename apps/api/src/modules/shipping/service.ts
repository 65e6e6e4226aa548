import type { ZipCode } from '@sprout/contracts';
import type { Database } from '@sprout/db';
import { AppError } from '../../errors/app-error';
import * as repository from './repository';

/** A known zip code answers whether we deliver there; an unknown one is a 404. */
export async function findZipCode(db: Database, code: string): Promise<ZipCode> {
  const row = await repository.findZipCode(db, code);
  if (!row) throw AppError.notFound(`We don't know the zip code ${code}.`);
  return {
    id: row.zip.id,
    code: row.zip.code,
    city: row.zip.city,
    is_delivered: row.zip.isDelivered,
    delivery_weekdays: row.zip.deliveryWeekdays,
    state: { id: row.state.id, code: row.state.code, name: row.state.name },
  };
}
