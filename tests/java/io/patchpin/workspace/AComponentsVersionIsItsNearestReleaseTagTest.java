package io.patchpin.workspace;

import static io.patchpin.testkit.Asserts.assertThat;

import io.patchpin.core.Version;
import io.patchpin.testkit.SmallRepo;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.eclipse.jgit.api.Git;
import org.eclipse.jgit.revwalk.RevCommit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A component's version at a commit, which decides a conditional entry: the nearest release tag at or below it, named
 * with how far below; none without such a tag, for a tag with no version number, or for a commit not there.
 */
class AComponentsVersionIsItsNearestReleaseTagTest {
    @TempDir
    Path root;

    @Test
    void theNearestReleaseTagGivesTheVersionAndSaysHowFarBelowItIs() throws Exception {
        String base = SmallRepo.commit(root, Map.of("a.txt", "a\n"));
        try (Git git = Git.open(root.toFile())) {
            assertThat(TagVersion.of(git.getRepository(), base)).isEmpty();
            git.tag().setName("rocm-6.2.2").setAnnotated(false).call();
            RevCommit next = SmallRepo.commit(git, "a.txt", "b\n");
            assertThat(TagVersion.of(git.getRepository(), base))
                    .contains(new Version(List.of("6", "2", "2"), "tag rocm-6.2.2"));
            assertThat(TagVersion.of(git.getRepository(), next.name()).map(Version::describe))
                    .contains("6.2.2 (tag rocm-6.2.2 + 1 commits)");
        }
    }

    @Test
    void aTagWithoutAVersionNumberOrACommitNotThereGivesNone() throws Exception {
        String base = SmallRepo.commit(root, Map.of("a.txt", "a\n"));
        try (Git git = Git.open(root.toFile())) {
            git.tag().setName("rocm-6_2").setAnnotated(false).call();
            assertThat(TagVersion.of(git.getRepository(), base)).isEmpty();
            assertThat(TagVersion.of(git.getRepository(), "1".repeat(40))).isEmpty();
        }
    }
}
