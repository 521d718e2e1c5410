package io.patchpin.workspace;

import static io.patchpin.testkit.Asserts.assertThat;

import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Map;
import org.eclipse.jgit.lib.Config;
import org.eclipse.jgit.storage.file.FileBasedConfig;
import org.eclipse.jgit.util.FS;
import org.eclipse.jgit.util.SystemReader;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The system and user config files found from the environment as git finds them, without running git. */
class GitConfigFilesTest {
    private static final File JGITS_OWN = new File("/home/someone/.gitconfig");

    @TempDir
    Path tmp;

    /** JGit's reader with {@code env} as the whole environment. */
    private static GitConfigFiles with(Map<String, String> env) {
        return new GitConfigFiles(new SystemReader.Delegate(SystemReader.getInstance()) {
            @Override
            public String getenv(String variable) {
                return env.get(variable);
            }

            @Override
            public FileBasedConfig openUserConfig(Config parent, FS fs) {
                return new FileBasedConfig(parent, JGITS_OWN, fs);
            }
        });
    }

    private Path fakeGit(String prefix) throws Exception {
        Path git = tmp.resolve(prefix).resolve("bin").resolve("git");
        Files.createDirectories(git.getParent());
        Files.writeString(git, "#!/bin/sh\n");
        Files.setPosixFilePermissions(git, PosixFilePermissions.fromString("rwxr-xr-x"));
        return git;
    }

    @Test
    void theSystemFileIsBesideTheFirstGitOnThePath() throws Exception {
        Path git = fakeGit("opt/git");
        Path notExecutable = tmp.resolve("plain/bin/git");
        Files.createDirectories(notExecutable.getParent());
        Files.writeString(notExecutable, "");
        String path = String.join(
                File.pathSeparator,
                "",
                tmp.resolve("nothing").toString(),
                "a\0b",
                notExecutable.getParent().toString(),
                git.getParent().toString());
        assertThat(GitConfigFiles.systemFileBesideGit(path))
                .isEqualTo(tmp.toRealPath().resolve("opt/git/etc/gitconfig").toFile());
        assertThat(GitConfigFiles.systemFileBesideGit(tmp.resolve("nothing").toString()))
                .isNull();
        assertThat(GitConfigFiles.systemFileBesideGit(null)).isNull();
    }

    @Test
    void theSystemFileIsNoneNamedOrFound() throws Exception {
        FS fs = FS.DETECTED;
        FileBasedConfig none = with(Map.of("GIT_CONFIG_NOSYSTEM", "1")).openSystemConfig(null, fs);
        assertThat(none.getFile()).isNull();
        none.load();
        assertThat(none.isOutdated()).isFalse();
        assertThat(none.getSections()).isEmpty();

        assertThat(with(Map.of("GIT_CONFIG_NOSYSTEM", "", "GIT_CONFIG_SYSTEM", "/srv/gitconfig"))
                        .openSystemConfig(null, fs)
                        .getFile())
                .isEqualTo(new File("/srv/gitconfig"));
        Path git = fakeGit("local");
        assertThat(with(Map.of("PATH", git.getParent().toString()))
                        .openSystemConfig(null, fs)
                        .getFile())
                .isEqualTo(tmp.toRealPath().resolve("local/etc/gitconfig").toFile());
        assertThat(with(Map.of("PATH", tmp.toString()))
                        .openSystemConfig(null, fs)
                        .getFile())
                .isNull();
    }

    @Test
    void theUserFileIsGitConfigGlobalWhenSet() {
        FS fs = FS.DETECTED;
        assertThat(with(Map.of("GIT_CONFIG_GLOBAL", "/dev/null"))
                        .openUserConfig(null, fs)
                        .getFile())
                .isNull();
        assertThat(with(Map.of("GIT_CONFIG_GLOBAL", "/srv/user.gitconfig"))
                        .openUserConfig(null, fs)
                        .getFile())
                .isEqualTo(new File("/srv/user.gitconfig"));
        assertThat(with(Map.of()).openUserConfig(null, fs).getFile())
                .as("JGit's own lookup")
                .isEqualTo(JGITS_OWN);
    }
}
