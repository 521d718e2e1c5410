package io.patchpin.lock;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.util.stream.Stream;
import org.eclipse.jgit.lib.Repository;
import org.eclipse.jgit.storage.file.FileRepositoryBuilder;
import org.eclipse.jgit.util.FileUtils;

/** One step of a sync, and how to take it back. */
sealed interface SyncUndo {
    void undo();

    /** A checked-out component moved to another commit; back to its branch or commit. */
    record Moved(String path, Path dir, String restoreTo) implements SyncUndo {
        @Override
        public void undo() {
            try (Repository repo = WorkTreeComponent.open(dir).orElseThrow()) {
                // forced: the component was clean before the sync, so only the sync's own changes are overwritten
                ComponentCheckout.checkout(repo, restoreTo, true, path);
            }
        }
    }

    /** A submodule initialised by the sync; removed again, as if never initialised. */
    record Initialised(
            String path,
            Path dir,
            boolean dirExisted,
            Path gitDir,
            boolean gitDirExisted,
            Path parentGitDir,
            String name)
            implements SyncUndo {
        @Override
        public void undo() {
            try {
                deleteTree(dir, dirExisted);
                if (!gitDirExisted) {
                    deleteTree(gitDir, false);
                }
                try (Repository parent = new FileRepositoryBuilder()
                        .setGitDir(parentGitDir.toFile())
                        .build()) {
                    ComponentCheckout.unmarkInitialised(parent, name);
                }
            } catch (IOException e) {
                throw new UncheckedIOException("cannot undo the initialisation of " + path, e);
            }
        }

        /**
         * Deletes what is under {@code dir} (without following links), and {@code dir} unless kept. A file
         * that vanishes meanwhile (JGit's background gc after a fetch takes and drops gc.log.lock) is
         * not a failure, and a folder that is not empty yet is tried again.
         */
        private static void deleteTree(Path dir, boolean keepDir) throws IOException {
            if (!Files.exists(dir, LinkOption.NOFOLLOW_LINKS)) {
                return;
            }
            int flags = FileUtils.RECURSIVE | FileUtils.RETRY | FileUtils.SKIP_MISSING;
            if (!keepDir) {
                FileUtils.delete(dir.toFile(), flags);
                return;
            }
            try (Stream<Path> children = Files.list(dir)) {
                for (Path child : children.toList()) {
                    FileUtils.delete(child.toFile(), flags);
                }
            }
        }
    }
}
