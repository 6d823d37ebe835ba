/**
 * Imported first by the server's and the CLI's entries: on a Node.js older than the minimum the
 * process stops with one clear message instead of failing later inside a dependency.
 */
import { unsupportedNodeMessage } from "./node-version";

const unsupported = unsupportedNodeMessage(process.versions.node, process.execPath);
if (unsupported) {
  process.stderr.write(unsupported);
  process.exit(1);
}
