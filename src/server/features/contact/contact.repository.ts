import { desc } from "drizzle-orm";
import type { Database } from "../../db/database";
import { contactData } from "../../db/schema";

export interface ContactMessage {
  id: string;
  name: string;
  email: string;
  message: string | null;
  timestamp: Date;
  ip: string | null;
}

/** The `contact_data` table: messages sent with the landing page's contact form. */
export class ContactRepository {
  constructor(private readonly db: Database) {}

  async add(message: ContactMessage): Promise<void> {
    await this.db.insert(contactData).values(message);
  }

  /** Newest first. */
  async list(limit = 1000): Promise<ContactMessage[]> {
    return this.db.select().from(contactData).orderBy(desc(contactData.timestamp)).limit(limit);
  }
}
