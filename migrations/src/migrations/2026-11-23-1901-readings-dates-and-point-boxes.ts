// Indexes for the API's new filters: a date range on readings (sampled__gte/__lte) and a bounding box on points
// (in_bbox, the map's view).
import { type Kysely, sql } from 'kysely'

export async function up(db: Kysely<any>): Promise<void> {
  await sql`CREATE INDEX measures_point_indications_sampled_idx ON measures_point_indications (sampled)`.execute(db)
  await sql`CREATE INDEX measures_points_latitude_longitude_idx ON measures_points (latitude, longitude)`.execute(db)
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`DROP INDEX IF EXISTS measures_points_latitude_longitude_idx`.execute(db)
  await sql`DROP INDEX IF EXISTS measures_point_indications_sampled_idx`.execute(db)
}
