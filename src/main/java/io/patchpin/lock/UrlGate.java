package io.patchpin.lock;

import io.patchpin.core.BadInputException;
import io.patchpin.workspace.RemoteUrl;
import java.nio.file.Path;
import java.util.Optional;
import java.util.function.Consumer;
import org.eclipse.jgit.lib.Config;

/**
 * Decides, right before sync fetches or clones from a component's URL, whether
 * that URL may be used: its shape ({@link RemoteUrl#refusal}), then git's
 * {@code protocol.<name>.allow} of the superproject's configuration (system,
 * user, repository) for a URL that did not come from the user. Local
 * repositories sync finds itself (modules folders, a mirror) are not URLs from
 * the lock and always pass. A refused URL is bad input at its line of the lockfile.
 *
 * @param config   the superproject's configuration, read for {@code protocol.<name>.allow}
 * @param lockFile the lockfile a refusal names
 */
record UrlGate(Config config, Path lockFile) {

    /** The check for sources of {@code e}: only its URL is looked at. */
    Consumer<String> check(LockEntry e) {
        return source -> {
            if (!e.url().filter(source::equals).isPresent()) {
                return;
            }
            Optional<String> why = RemoteUrl.refusal(source).or(() -> RemoteUrl.fetchRefusal(config, source));
            if (why.isPresent()) {
                String message = "component '" + e.path() + "': " + RemoteUrl.message(source, why.get());
                throw lockFile == null
                        ? new BadInputException("lockfile", 0, message)
                        : LockFile.urlError(lockFile, e.path(), message);
            }
        };
    }
}
