package io.patchpin.workspace;

import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import org.eclipse.jgit.lib.Config;
import org.eclipse.jgit.storage.file.FileBasedConfig;
import org.eclipse.jgit.storage.file.UserConfigFile;
import org.eclipse.jgit.util.FS;
import org.eclipse.jgit.util.SystemReader;

/**
 * Where the system and user git config files are, found as git finds them but without running git (JGit's
 * default asks {@code git config --system}: two processes at the start of every run).
 * <ul>
 * <li>system: none under {@code GIT_CONFIG_NOSYSTEM}; {@code GIT_CONFIG_SYSTEM} when set; else the
 * {@code etc/gitconfig} of the prefix of the {@code git} on {@code PATH} ({@code /etc/gitconfig} for
 * {@code /usr/bin/git}); none without a git on {@code PATH};</li>
 * <li>user: {@code GIT_CONFIG_GLOBAL} when set, else {@code $HOME/.gitconfig} over
 * {@code $XDG_CONFIG_HOME/git/config} ({@code $HOME/.config/git/config}). JGit takes Java's {@code user.home},
 * which is not {@code $HOME} under sudo, CI runners or a sandbox: apply --commit then committed as another
 * identity than git would. Only without HOME is {@code user.home} used.</li>
 * </ul>
 * The environment is read through the delegate's {@code getenv}, so a test passes its own variables.
 */
public final class GitConfigFiles extends SystemReader.Delegate {
    public GitConfigFiles(SystemReader delegate) {
        super(delegate);
    }

    /** Makes JGit find config files this way; once per JVM, later calls do nothing. */
    public static void install() {
        SystemReader current = SystemReader.getInstance();
        if (!(current instanceof GitConfigFiles)) {
            SystemReader.setInstance(new GitConfigFiles(current));
        }
    }

    @Override
    public FileBasedConfig openSystemConfig(Config parent, FS fs) {
        if (isSet(getenv("GIT_CONFIG_NOSYSTEM"))) {
            return empty(parent, fs);
        }
        String named = getenv("GIT_CONFIG_SYSTEM");
        File file = isSet(named) ? new File(named) : systemFileBesideGit(getenv("PATH"));
        return file == null ? empty(parent, fs) : new FileBasedConfig(parent, file, fs);
    }

    @Override
    public FileBasedConfig openUserConfig(Config parent, FS fs) {
        String named = getenv("GIT_CONFIG_GLOBAL");
        if (isSet(named)) {
            return named.equals("/dev/null") ? empty(parent, fs) : new FileBasedConfig(parent, new File(named), fs);
        }
        String home = getenv("HOME");
        if (!isSet(home)) {
            return super.openUserConfig(parent, fs);
        }
        Path xdg = getXdgConfigDirectory(fs);
        return new UserConfigFile(
                parent,
                new File(home, ".gitconfig"),
                xdg == null ? null : xdg.resolve("git").resolve("config").toFile(),
                fs);
    }

    /** {@code $XDG_CONFIG_HOME}, else {@code $HOME/.config}, as git finds it (JGit's takes user.home). */
    @Override
    public Path getXdgConfigDirectory(FS fs) {
        String xdg = getenv("XDG_CONFIG_HOME");
        String home = getenv("HOME");
        try {
            if (isSet(xdg)) {
                return Path.of(xdg);
            }
            return isSet(home) ? Path.of(home, ".config") : super.getXdgConfigDirectory(fs);
        } catch (InvalidPathException e) {
            return null; // git would not find a file there either
        }
    }

    /** {@code <prefix>/etc/gitconfig} for the first {@code <prefix>/bin/git} on the path; {@code /etc} for prefix /usr. */
    static File systemFileBesideGit(String path) {
        if (path == null) {
            return null;
        }
        for (String dir : path.split(File.pathSeparator)) {
            if (dir.isEmpty()) {
                continue;
            }
            try {
                Path git = Path.of(dir, "git");
                if (Files.isRegularFile(git) && Files.isExecutable(git)) {
                    Path prefix = git.toRealPath().getParent().getParent();
                    if (prefix == null || prefix.equals(Path.of("/usr")) || prefix.equals(Path.of("/"))) {
                        return new File("/etc/gitconfig");
                    }
                    return prefix.resolve("etc").resolve("gitconfig").toFile();
                }
            } catch (InvalidPathException | IOException e) {
                // an unusable PATH entry is skipped, as a shell skips it
            }
        }
        return null;
    }

    private static boolean isSet(String value) {
        return value != null && !value.isEmpty();
    }

    /** A config with no file: loads nothing and is never outdated. */
    private static FileBasedConfig empty(Config parent, FS fs) {
        return new FileBasedConfig(parent, null, fs) {
            @Override
            public void load() {
                // nothing to read
            }

            @Override
            public boolean isOutdated() {
                return false;
            }
        };
    }
}
