package io.patchpin.safety;

import static io.patchpin.testkit.Asserts.assertThat;
import static io.patchpin.testkit.TheRockFixture.HALF;

import io.patchpin.testkit.Cli;
import io.patchpin.testkit.Repo;
import io.patchpin.testkit.TheRockWorkTest;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** A component path whose parent folder is a symbolic link in the work tree must not lead sync, lock check or audit outside. */
class SymlinkedComponentTest extends TheRockWorkTest {
    private Path elsewhere;

    @BeforeEach
    void workTreeWithALinkOut() throws Exception {
        elsewhere = Files.createDirectories(tmp.resolve("elsewhere"));
        Files.createSymbolicLink(work.dir().resolve("lnk"), elsewhere);
    }

    @Test
    void syncDoesNotCloneThroughALinkedParent() throws Exception {
        Path lock = lockWithHalfAt("lnk/sub");
        Cli.Run sync = Cli.run("sync", "--repo", work.dir(), lock);
        assertThat(sync.exit()).as(sync.err()).isEqualTo(2);
        assertThat(sync.err()).contains("lnk/sub").contains("symbolic link");
        assertThat(listing(elsewhere)).isEmpty();
    }

    @Test
    void syncDoesNotMoveARepositoryOutsideTheWorkspace() throws Exception {
        Repo outside = Repo.init(elsewhere.resolve("repo")).write("a.txt", "one\n");
        String first = outside.commit("one");
        outside.write("a.txt", "two\n").commit("two");
        Path lock = lockWithHalfAt("lnk/repo");
        String text = Files.readString(lock, StandardCharsets.UTF_8).replace(fx.half.head(), first);
        Files.writeString(lock, text, StandardCharsets.UTF_8);
        String before = outside.head();
        Cli.Run sync = Cli.run("sync", "--repo", work.dir(), lock);
        assertThat(sync.exit()).as(sync.err()).isEqualTo(2);
        assertThat(outside.head()).isEqualTo(before);
    }

    @Test
    void lockCheckAndAuditRefuseTheLinkToo() throws Exception {
        Repo.init(elsewhere.resolve("repo")).write("a.txt", "one\n").commit("one");
        Path lock = lockWithHalfAt("lnk/repo");
        Cli.Run check = Cli.run("lock", "check", "--repo", work.dir(), lock);
        assertThat(check.exit()).as(check.err()).isEqualTo(2);
        assertThat(check.err()).contains("lnk/repo").contains("symbolic link");
        Cli.Run audit = Cli.run("audit", "--repo", work.dir(), "--lock", lock);
        assertThat(audit.exit()).as(audit.err()).isEqualTo(2);
        assertThat(audit.err()).contains("lnk/repo");
    }

    private Path lockWithHalfAt(String path) throws Exception {
        Path lock = tmp.resolve("l.lock.toml");
        Cli.ok("lock", "--repo", work.dir(), "-o", lock);
        String text = Files.readString(lock, StandardCharsets.UTF_8)
                .replace("path = \"" + HALF + "\"", "path = \"" + path + "\"");
        Files.writeString(lock, text, StandardCharsets.UTF_8);
        return lock;
    }

    private static List<Path> listing(Path dir) throws Exception {
        try (Stream<Path> s = Files.walk(dir)) {
            return s.filter(p -> !p.equals(dir)).toList();
        }
    }
}
