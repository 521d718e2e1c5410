package io.patchpin.archive;

import static io.patchpin.testkit.Asserts.assertThat;

import java.io.File;
import org.eclipse.jgit.lib.ObjectId;
import org.eclipse.jgit.lib.Repository;
import org.eclipse.jgit.storage.file.FileRepositoryBuilder;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledIfEnvironmentVariable;

/**
 * One real value: nixpkgs pins ROCm/rocm-cmake at tag rocm-5.6.1 with this
 * fetchFromGitHub hash. Runs when {@code PATCHPIN_ROCM_CMAKE_GIT} names a
 * clone or bare mirror of that repository holding the tag.
 */
@EnabledIfEnvironmentVariable(named = "PATCHPIN_ROCM_CMAKE_GIT", matches = ".+")
class RocmCmakeNarTest {
    @Test
    void rocm561GivesTheHashNixpkgsRecorded() throws Exception {
        File dir = new File(System.getenv("PATCHPIN_ROCM_CMAKE_GIT"));
        FileRepositoryBuilder b = new FileRepositoryBuilder().setMustExist(true);
        b = new File(dir, ".git").exists() ? b.setWorkTree(dir) : b.setGitDir(dir);
        try (Repository repo = b.build()) {
            ObjectId commit = repo.resolve("refs/tags/rocm-5.6.1^{commit}");
            assertThat(commit).as("tag rocm-5.6.1").isNotNull();
            assertThat(commit.name()).isEqualTo("07ec4c536108ae943e37985915ef279529ac693f");
            assertThat(SourceArchives.narHash(repo, commit, ArchiveMode.EXPORT, Submodules.NONE))
                    .isEqualTo("sha256-vimErqzpGUXudfPV3xx+be79st/YFHqoPVmQYPUUeqA=");
        }
    }
}
