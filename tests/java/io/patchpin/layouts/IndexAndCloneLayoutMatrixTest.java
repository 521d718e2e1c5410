package io.patchpin.layouts;

import java.nio.file.Path;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * The index's and the history's shapes, {@link CommandMatrix} on each: index version 4, entries with the
 * skip-worktree and assume-unchanged bits, a partial clone and a shallow one. The checkout's shapes are {@link
 * LayoutMatrixTest}'s, so the two test JVMs share the matrix.
 */
class IndexAndCloneLayoutMatrixTest {
    @TempDir
    Path tmp;

    @ParameterizedTest
    @EnumSource(
            value = Layout.class,
            names = {"INDEX_V4", "INDEX_BITS", "PARTIAL_CLONE", "SHALLOW_CLONE"})
    void everyCommandLeavesExactlyTheEntriesEdits(Layout layout) throws Exception {
        CommandMatrix.run(tmp, layout);
    }
}
