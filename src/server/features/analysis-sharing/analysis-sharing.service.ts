import { randomBytes } from "node:crypto";
import { paths } from "../../../contracts/paths";
import { AppError } from "../../app-error";
import type { AuthenticatedUser } from "../../plugins/require-user";

/** What sharing needs of the stored analyses (stored-analyses/, the table's one owner). */
interface SharedAnalyses {
  share(userId: string, id: string, token: string): Promise<string | null>;
  unshare(userId: string, id: string): Promise<boolean>;
  findShared(token: string): Promise<{ analysis: unknown; createdAt: Date } | null>;
}

export interface AnalysisSharingDependencies {
  analyses: SharedAnalyses;
  /** The site's address, which a shared link starts with. */
  appUrl: string;
  /** 16 random bytes per link by default: 128 bits nobody can guess or count through. */
  randomToken?: () => string;
}

function newToken(): string {
  return randomBytes(16).toString("base64url");
}

/**
 * An owner shares one of their analyses as a read-only page and stops sharing it; anyone with the
 * link reads the report and its date, never who made it. Access is checked here: only the owner
 * shares or stops, and a link nobody shares (unknown, stopped or removed) reads as not found.
 */
export class AnalysisSharingService {
  private readonly randomToken: () => string;

  constructor(private readonly deps: AnalysisSharingDependencies) {
    this.randomToken = deps.randomToken ?? newToken;
  }

  async share(user: AuthenticatedUser, id: string): Promise<{ url: string; path: string }> {
    const token = await this.deps.analyses.share(user.id, id, this.randomToken());
    if (token === null) throw notFound();
    const path = paths.shared(token);
    return { url: new URL(path, this.deps.appUrl).toString(), path };
  }

  async stop(user: AuthenticatedUser, id: string): Promise<void> {
    if (!(await this.deps.analyses.unshare(user.id, id))) throw notFound();
  }

  async read(token: string): Promise<{ analysis: unknown; timestamp: string }> {
    const shared = await this.deps.analyses.findShared(token);
    if (shared === null) throw new AppError(404, "share_not_found", "This shared analysis is no longer available.");
    return { analysis: shared.analysis, timestamp: shared.createdAt.toISOString() };
  }
}

function notFound(): AppError {
  return new AppError(404, "not_found", "No analysis with this id in your history.");
}
