package io.patchpin.verify;

import io.patchpin.workspace.FileSource;
import java.util.List;

/**
 * Runs a layered set's layers, in order, over its base's files. The verifier hands itself to {@link LayerBase} this
 * way: it replays a layered set's seals on the tree the layers leave, so the layered base cannot name it back without
 * the two classes needing each other.
 */
@FunctionalInterface
interface LayerRunner {
    Run run(List<LoadedPatchset> layers, FileSource files);
}
