package io.patchpin.layouts;

import static io.patchpin.testkit.Asserts.assertThat;

import io.patchpin.testkit.Git;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.eclipse.jgit.lib.Repository;
import org.eclipse.jgit.storage.file.FileRepositoryBuilder;

/** The repository shapes a user's TheRock clone comes in, each made with C git (see {@link Shape}). */
enum Layout {
    PLAIN,
    /** {@code git sparse-checkout set --cone}: extensions.worktreeConfig, core.worktree in config.worktree. */
    SPARSE_CONE {
        @Override
        void shape(Shape s) {
            Git.run(s.comp(), "sparse-checkout", "set", "--cone", "src");
        }

        @Override
        void holds(Shape s) {
            assertThat(s.comp().resolve("docs")).doesNotExist();
            assertThat(Git.run(s.comp(), "ls-files", "-t", "docs")).isEqualTo("S docs/d1.txt\nS docs/d2.txt");
        }
    },
    SPARSE_NON_CONE {
        @Override
        void shape(Shape s) {
            Git.run(s.comp(), "sparse-checkout", "set", "--no-cone", "/src/", "!/src/f3.txt");
        }

        @Override
        void holds(Shape s) {
            assertThat(s.comp().resolve("src/f3.txt")).doesNotExist();
            assertThat(Git.run(s.comp(), "ls-files", "-t", "src/f3.txt")).isEqualTo("S src/f3.txt");
        }
    },
    /** The workspace is a linked work tree ({@code git worktree add}), its submodule initialised there. */
    LINKED_WORKTREE {
        @Override
        void clone(Shape s) {
            Path main = s.tmp.resolve("main");
            Git.run(s.tmp, "clone", "-q", "--recurse-submodules", s.origin.url(), main.toString());
            Git.run(main, "worktree", "add", "-q", "--detach", s.work.toString());
            Git.run(s.work, "submodule", "update", "-q", "--init");
        }
    },
    /** The submodule's repository is a {@code .git} folder inside it (cloned in place, not absorbed). */
    GIT_FOLDER_INSIDE {
        @Override
        void clone(Shape s) {
            Git.run(s.tmp, "clone", "-q", s.origin.url(), s.work.toString());
            String pin = Git.run(s.work, "rev-parse", "HEAD:comp");
            Git.run(s.work, "submodule", "init", "-q");
            Git.run(s.work, "clone", "-q", "--no-checkout", s.up.url(), "comp");
            Git.run(s.comp(), "checkout", "-q", pin);
        }
    },
    INDEX_V4 {
        @Override
        void shape(Shape s) {
            Git.run(s.work, "update-index", "--index-version", "4");
            Git.run(s.comp(), "update-index", "--index-version", "4");
        }

        @Override
        void holds(Shape s) {
            assertThat(Git.run(s.comp(), "ls-files", "--debug", "src/f1.txt")).isNotEmpty();
            for (Path dir : List.of(s.work, s.comp())) {
                byte[] head = readHead(indexFile(dir));
                assertThat(head[7]).as("index version of " + dir).isEqualTo((byte) 4);
            }
        }
    },
    /** Other entries carry skip-worktree and assume-unchanged bits, which must survive every write. */
    INDEX_BITS {
        @Override
        void shape(Shape s) {
            Git.run(s.comp(), "update-index", "--skip-worktree", "docs/d1.txt");
            Git.run(s.comp(), "update-index", "--assume-unchanged", "docs/d2.txt");
        }

        @Override
        void holds(Shape s) {
            assertThat(Git.run(s.comp(), "ls-files", "-v", "docs")).isEqualTo("S docs/d1.txt\nh docs/d2.txt");
        }
    },
    /** {@code --filter=blob:none} from a file:// remote with uploadpack.allowFilter, submodule too. */
    PARTIAL_CLONE {
        @Override
        void clone(Shape s) {
            Git.run(
                    s.tmp,
                    "clone",
                    "-q",
                    "--filter=blob:none",
                    "--recurse-submodules",
                    "--also-filter-submodules",
                    s.origin.url(),
                    s.work.toString());
        }
    },
    SHALLOW_CLONE {
        @Override
        void clone(Shape s) {
            Git.run(
                    s.tmp,
                    "clone",
                    "-q",
                    "--depth",
                    "1",
                    "--recurse-submodules",
                    "--shallow-submodules",
                    s.origin.url(),
                    s.work.toString());
        }
    };

    /** Makes the user's clone at {@code s.work}. */
    void clone(Shape s) {
        Git.run(s.tmp, "clone", "-q", "--recurse-submodules", s.origin.url(), s.work.toString());
    }

    /** Shapes the clone further. */
    void shape(Shape s) {}

    /** Checks that the shape is still there (after every command). */
    void holds(Shape s) {}

    /** The index file of the work tree {@code dir}, found as C git finds it (gitfile included), in process. */
    private static Path indexFile(Path dir) {
        try (Repository repository = new FileRepositoryBuilder()
                .findGitDir(dir.toFile())
                .setMustExist(true)
                .build()) {
            return repository.getIndexFile().toPath();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static byte[] readHead(Path index) {
        try (InputStream in = Files.newInputStream(index)) {
            return in.readNBytes(8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
