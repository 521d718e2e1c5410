package io.patchpin.safety;

import static io.patchpin.testkit.Asserts.assertThat;

import io.patchpin.testkit.Cli;
import io.patchpin.testkit.Git;
import io.patchpin.testkit.Repo;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;
import org.eclipse.jgit.util.SystemReader;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.api.parallel.Isolated;

/**
 * The classic CVE-2017-1000117 URL shapes, and their cousins, in every place a
 * URL comes from data (a {@code .gitmodules}, a pins file, a lockfile), through
 * every command that reads one: each is refused with exit 2 naming the file
 * and line, and no command runs. An ssh wrapper that touches a marker is set
 * as JGit sees the environment ({@code GIT_SSH}, {@code GIT_SSH_COMMAND}), and
 * the payloads themselves touch markers; a valid ssh URL shows the wrapper
 * would have been caught running.
 */
@Isolated // it swaps JGit's SystemReader, which every repository of every test reads
class HostileUrlTest {
    static final String PAYLOAD = "pwned-marker";
    static final List<String> SHAPES = List.of(
            "ssh://-oProxyCommand=touch${IFS}" + PAYLOAD + "/x",
            "ssh://%2doProxyCommand=touch${IFS}" + PAYLOAD + "/x",
            "ssh://%252doProxyCommand=touch${IFS}" + PAYLOAD + "/x",
            "ssh://-oProxyCommand=touch${IFS}" + PAYLOAD + "@example.invalid/x",
            "git+ssh://-oProxyCommand=touch${IFS}" + PAYLOAD + "/x",
            "ssh://example.invalid:-oProxyCommand=x/x",
            "git@-oProxyCommand=touch${IFS}" + PAYLOAD + ":x",
            "-oProxyCommand=touch${IFS}" + PAYLOAD + ":x",
            "-u./payload",
            "--upload-pack=touch${IFS}" + PAYLOAD,
            "ext::sh -c touch% " + PAYLOAD,
            "fd::17",
            "file::./x",
            "sftp://example.invalid/x",
            "https://example.invalid/x%0a[core]");

    @TempDir
    static Path tmp;

    static Repo work;
    static String good;
    static Path goodLock;
    static Path ssh;
    static Path marker;

    SystemReader before;

    @BeforeAll
    static void workspace() throws IOException {
        Repo child = Repo.init(tmp.resolve("up/child")).write("a.txt", "a\n");
        child.commit("a");
        Repo sup = Repo.init(tmp.resolve("up/super")).write("README", "r\n");
        sup.addSubmodule("sub", child).submoduleBranch("sub", "main");
        sup.commit("super");
        Git.run(tmp, "clone", "-q", "--recurse-submodules", sup.url(), "work");
        work = Repo.at(tmp.resolve("work"));
        good = work.head();
        Git.run(tmp, "clone", "-q", "--recurse-submodules", sup.url(), "work-file");
        String ahead = child.write("a.txt", "b\n").commit("b"); // not in the work tree's submodule: sync must fetch it
        goodLock = tmp.resolve("good.lock.toml");
        Cli.ok("lock", "--repo", work.dir(), "-o", goodLock);
        String text = Files.readString(goodLock, StandardCharsets.UTF_8);
        String pinned = Repo.at(work.dir().resolve("sub")).head();
        Files.writeString(goodLock, text.replace(pinned, ahead), StandardCharsets.UTF_8);
        marker = tmp.resolve("ssh-ran");
        ssh = tmp.resolve("ssh-wrapper.sh");
        Files.writeString(ssh, "#!/bin/sh\ntouch '" + marker + "'\nexit 1\n", StandardCharsets.UTF_8);
        Files.setPosixFilePermissions(ssh, PosixFilePermissions.fromString("rwxr-xr-x"));
    }

    @AfterEach
    void restoreEnvironment() throws IOException {
        if (before != null) {
            SystemReader.setInstance(before);
        }
        Files.deleteIfExists(marker);
    }

    /** JGit reads the environment through its SystemReader: {@code vars} are seen as set there. */
    void environment(Map<String, String> vars) {
        before = SystemReader.getInstance();
        SystemReader.setInstance(new SystemReader.Delegate(before) {
            @Override
            public String getenv(String variable) {
                return vars.containsKey(variable) ? vars.get(variable) : super.getenv(variable);
            }
        });
    }

    static List<Map<String, String>> environments() {
        return List.of(Map.of(), Map.of("GIT_SSH", ssh.toString()), Map.of("GIT_SSH_COMMAND", ssh.toString()));
    }

    @Test
    void everyShapeInEveryPlaceIsRefusedAndRunsNothing() throws IOException {
        List<String> outcomes = new ArrayList<>();
        int runs = 0;
        for (String shape : SHAPES) {
            runs += refusedEverywhere(shape, outcomes);
        }
        // the paths that fetch, again with an ssh wrapper set as JGit sees the environment
        for (Map<String, String> env :
                List.of(Map.of("GIT_SSH", ssh.toString()), Map.of("GIT_SSH_COMMAND", ssh.toString()))) {
            environment(env);
            for (String shape : SHAPES) {
                runs += refusedBySync(shape, env.keySet().iterator().next(), outcomes);
            }
            SystemReader.setInstance(before);
            before = null;
        }

        assertThat(outcomes).isEmpty();
        assertThat(runs).isEqualTo(SHAPES.size() * (10 + 2 * 2));
        assertThat(marker).doesNotExist();
        assertThat(Path.of(PAYLOAD)).doesNotExist();
        assertThat(tmp.resolve(PAYLOAD)).doesNotExist();
    }

    int refusedBySync(String shape, String env, List<String> bad) throws IOException {
        String w = work.dir().toString();
        Path lock = tmp.resolve(Integer.toHexString(shape.hashCode()) + ".lock.toml");
        int line = hostileLock(lock, shape);
        Path rootLock = hostileRootLock(shape);
        return expect(
                        bad,
                        shape,
                        env,
                        "sync (component url)",
                        lock + ":" + line + ": ",
                        Cli.run("sync", "--repo", w, lock))
                + expect(bad, shape, env, "sync (root url)", rootLock + ":6: ", Cli.run("sync", "--repo", w, rootLock));
    }

    /** One shape through every path; each run that is not exit 2 naming file and line is added to {@code bad}. */
    int refusedEverywhere(String shape, List<String> bad) throws IOException {
        String env = "no ssh wrapper";
        String tag = Integer.toHexString(shape.hashCode());
        String w = work.dir().toString();
        int runs = 0;

        // .gitmodules, read by lock, also where a pins file follows the submodule's branch
        String commit = hostileGitmodules(shape);
        String where = ".gitmodules of . at " + commit.substring(0, 12) + ":3: ";
        runs += expect(
                bad,
                shape,
                env,
                "lock (.gitmodules)",
                where,
                Cli.run(
                        "lock",
                        "--repo",
                        w,
                        "--rev",
                        commit,
                        "-o",
                        tmp.resolve(tag + "-a.lock.toml").toString()));
        Path follow = pins(
                tag + "-follow", "https://example.invalid/super.git", commit, "[override.\"sub\"]\nfollow = true\n");
        runs += expect(
                bad,
                shape,
                env,
                "lock --pins follow (.gitmodules)",
                where,
                Cli.run(
                        "lock",
                        "--repo",
                        w,
                        "--pins",
                        follow,
                        "-o",
                        tmp.resolve(tag + "-b.lock.toml").toString()));

        // a pins file's root
        Path pins = pins(tag + "-root", shape, good, "");
        runs += expect(
                bad,
                shape,
                env,
                "lock --pins (root url)",
                pins + ":5: ",
                Cli.run(
                        "lock",
                        "--repo",
                        w,
                        "--pins",
                        pins,
                        "-o",
                        tmp.resolve(tag + "-c.lock.toml").toString()));

        // a lockfile's component and root: sync (which fetches), and every other reader
        Path lock = tmp.resolve(tag + ".lock.toml");
        int line = hostileLock(lock, shape);
        String at = lock + ":" + line + ": ";
        runs += expect(bad, shape, env, "sync (component url)", at, Cli.run("sync", "--repo", w, lock));
        runs += expect(bad, shape, env, "lock check", at, Cli.run("lock", "check", "--repo", w, lock));
        runs += expect(bad, shape, env, "lock diff", at, Cli.run("lock", "diff", "--repo", w, goodLock, lock));
        runs += expect(
                bad,
                shape,
                env,
                "lock export pkgbuild",
                at,
                Cli.run("lock", "export", "--repo", w, lock, "--format", "pkgbuild"));
        runs += expect(
                bad,
                shape,
                env,
                "lock export nix",
                at,
                Cli.run("lock", "export", "--repo", w, lock, "--format", "nix"));
        runs += expect(bad, shape, env, "audit --lock", at, Cli.run("audit", "--repo", w, "--lock", lock));
        Path rootLock = hostileRootLock(shape);
        runs += expect(bad, shape, env, "sync (root url)", rootLock + ":6: ", Cli.run("sync", "--repo", w, rootLock));
        return runs;
    }

    /** The good lock with a [[root]] of {@code url} on line 6. */
    static Path hostileRootLock(String url) throws IOException {
        Path rootLock = tmp.resolve(Integer.toHexString(url.hashCode()) + "-root.lock.toml");
        Files.writeString(
                rootLock,
                "format = 1\nsuperproject = \"" + good + "\"\n\n[[root]]\nname = \"r\"\nurl = \""
                        + url + "\"\nref = \"main\"\n\n"
                        + Files.readString(goodLock, StandardCharsets.UTF_8)
                                .replaceFirst("(?s)^.*?(\\[\\[component\\]\\])", "$1"),
                StandardCharsets.UTF_8);
        return rootLock;
    }

    static int expect(List<String> bad, String shape, String env, String path, String where, Cli.Run run) {
        if (run.exit() != 2
                || run.errLines().size() != 1
                || !run.err().contains(where)
                || !run.err().contains("refused")
                || !run.out().isEmpty()) {
            bad.add(path + " [" + env + "] " + shape + " -> exit " + run.exit() + ": " + run.err());
        }
        return 1;
    }

    /** A commit (off every branch) whose .gitmodules gives the submodule {@code url}, on line 3. */
    static String hostileGitmodules(String url) {
        work.write(".gitmodules", "[submodule \"sub\"]\n\tpath = sub\n\turl = \"" + url + "\"\n\tbranch = main\n");
        String commit = work.commit("hostile url", ".gitmodules");
        work.git("reset", "-q", "--hard", good);
        return commit;
    }

    static Path pins(String name, String url, String ref, String more) throws IOException {
        Path p = tmp.resolve("pins/" + name + ".toml");
        Files.createDirectories(p.getParent());
        Files.writeString(
                p,
                "format = 1\n\n[[root]]\nname = \"TheRock\"\nurl = \"" + url + "\"\nref = \"" + ref + "\"\n" + more,
                StandardCharsets.UTF_8);
        return p;
    }

    /** The good lock with the submodule's URL replaced; returns the line of that URL. */
    static int hostileLock(Path lock, String url) throws IOException {
        List<String> lines = new ArrayList<>(Files.readAllLines(goodLock, StandardCharsets.UTF_8));
        int sub = lines.indexOf("path = \"sub\"");
        for (int i = sub; i < lines.size(); i++) {
            if (lines.get(i).startsWith("url = ")) {
                lines.set(i, "url = \"" + url + "\"");
                Files.write(lock, lines, StandardCharsets.UTF_8);
                return i + 1;
            }
        }
        throw new IllegalStateException("no url for sub in " + goodLock);
    }

    @Test
    void theWrapperIsSeenWhenAValidSshUrlIsFetched() throws IOException {
        Path lock = tmp.resolve("valid-ssh.lock.toml");
        hostileLock(lock, "ssh://example.invalid/child.git");
        environment(Map.of("GIT_SSH", ssh.toString()));

        Cli.Run run = Cli.run("sync", "--repo", work.dir(), lock);

        // the user's own GIT_SSH is used for a URL that passes: the marker proves the corpus would see a command run
        assertThat(run.exit()).as(run.err()).isEqualTo(1);
        assertThat(marker).exists();
        assertThat(Repo.at(work.dir().resolve("sub")).head())
                .isEqualTo(Repo.at(tmp.resolve("up/child")).git("rev-parse", "HEAD~1"));
    }

    @Test
    void aRepositorysCoreSshCommandIsNotUsed() throws IOException {
        Path lock = tmp.resolve("valid-ssh-core.lock.toml");
        hostileLock(lock, "ssh://example.invalid/child.git");
        Repo sub = Repo.at(work.dir().resolve("sub"));
        sub.git("config", "core.sshCommand", ssh.toString());
        work.git("config", "core.sshCommand", ssh.toString());
        try {
            Cli.Run run = Cli.run("sync", "--repo", work.dir(), lock);

            assertThat(run.exit()).as(run.err()).isEqualTo(1);
            assertThat(run.err()).contains("put back");
            assertThat(marker).doesNotExist();
        } finally {
            sub.git("config", "--unset", "core.sshCommand");
            work.git("config", "--unset", "core.sshCommand");
        }
    }

    @Test
    void aFileUrlFromALockIsFetchedOnlyWhereGitConfigAllowsIt() {
        Repo mine = Repo.at(tmp.resolve("work-file"));
        String w = mine.dir().toString();

        Cli.Run refused = Cli.run("sync", "--repo", w, goodLock);

        assertThat(refused.exit()).as(refused.err()).isEqualTo(2);
        assertThat(refused.errLines()).hasSize(1);
        assertThat(refused.err())
                .containsPattern(Pattern.quote(goodLock.toString()) + ":\\d+: component 'sub': URL 'file:")
                .contains("protocol.file.allow (git's default) is 'user'");
        assertThat(Repo.at(mine.dir().resolve("sub")).git("status", "--porcelain"))
                .isEmpty();

        mine.git("config", "protocol.file.allow", "never");
        assertThat(Cli.run("sync", "--repo", w, goodLock).err()).contains("protocol.file.allow is 'never'");
        mine.git("config", "protocol.allow", "always");
        mine.git("config", "--unset", "protocol.file.allow");
        try {
            Cli.Run allowed = Cli.ok("sync", "--repo", w, goodLock);
            assertThat(allowed.out()).contains("synced    sub");
        } finally {
            mine.git("config", "--unset", "protocol.allow");
        }
    }
}
