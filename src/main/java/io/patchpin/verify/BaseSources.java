package io.patchpin.verify;

import io.patchpin.workspace.FileSource;
import java.util.Optional;

/** Files at a patchset's base commit, when its objects are available (for replaying seals). */
@FunctionalInterface
public interface BaseSources {
    BaseSources NONE = commit -> Optional.empty();

    Optional<FileSource> at(String baseCommit);
}
