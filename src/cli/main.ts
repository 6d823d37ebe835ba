import { ConfigError, loadConfigFromEnvironment } from "../server/config";
import { openDatabase } from "../server/db/database";
import { DataDirLockedError } from "../server/db/data-dir-lock";
import { UserRepository } from "../server/auth/user.repository";

const USAGE = `Usage: quanta <command>

  users list                 list accounts (e-mail, verified, disabled)
  users disable EMAIL        disable an account and end all its sessions
  users enable EMAIL         enable a disabled account again

The command uses the same configuration as the server (DATA_DIR or DATABASE_URL). With the embedded
database, stop the server first: only one process may open a data directory.`;

async function run(args: string[]): Promise<number> {
  const [group, action, email] = args;
  if (group !== "users" || !action || !["list", "disable", "enable"].includes(action)) {
    process.stdout.write(`${USAGE}\n`);
    return group === undefined || group === "help" || group === "--help" ? 0 : 2;
  }
  const config = loadConfigFromEnvironment();
  const database = await openDatabase(config);
  try {
    const users = new UserRepository(database.db);
    if (action === "list") {
      for (const user of await users.list()) {
        process.stdout.write(
          `${user.email}\t${user.emailVerified ? "verified" : "unverified"}\t${user.disabled ? "disabled" : "active"}\n`,
        );
      }
      return 0;
    }
    if (!email) {
      process.stderr.write(`quanta users ${action}: give the account's e-mail.\n`);
      return 2;
    }
    const user = await users.findByEmail(email);
    if (!user) {
      process.stderr.write(`No account with the e-mail ${email}.\n`);
      return 1;
    }
    await users.setDisabled(user.id, action === "disable", action === "disable" ? "Disabled with the quanta CLI" : null);
    process.stdout.write(
      action === "disable"
        ? `Disabled ${user.email}; every session of this account has ended.\n`
        : `Enabled ${user.email}.\n`,
    );
    return 0;
  } finally {
    await database.close();
  }
}

try {
  process.exitCode = await run(process.argv.slice(2));
} catch (error) {
  if (error instanceof ConfigError || error instanceof DataDirLockedError) {
    process.stderr.write(`${error.message}\n`);
    process.exitCode = 1;
  } else {
    throw error;
  }
}
