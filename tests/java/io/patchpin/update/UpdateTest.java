package io.patchpin.update;

import static io.patchpin.testkit.Asserts.assertThat;

import io.patchpin.core.Hashes;
import io.patchpin.lock.PinsReader;
import io.patchpin.safety.Writes;
import io.patchpin.testkit.Cli;
import io.patchpin.testkit.FaultAt;
import io.patchpin.testkit.Folders;
import io.patchpin.testkit.Repo;
import io.patchpin.workspace.Workspace;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code patchpin update} on a generated workspace: a superproject with a submodule, 40 commits after the
 * locked one, an entry on each of them; {@code two} breaks at commit 25, {@code beta} at commit 32.
 */
class UpdateTest {
    @TempDir
    static Path shared;

    private static Path template;
    private static final List<String> commits = new ArrayList<>();

    @TempDir
    Path tmp;

    private Path root;

    @BeforeAll
    static void build() {
        UpdateWorkspace w = UpdateWorkspace.build(shared);
        template = w.dir();
        commits.addAll(w.commits());
    }

    @BeforeEach
    void copy() {
        root = tmp.resolve("w");
        Folders.copy(template, root);
    }

    @Test
    void latestGoodLandsBeforeTheFirstBreakAndNamesIt() {
        Cli.Run r = update("--latest-good");
        assertThat(r.exit()).as(r.err()).isZero();
        assertThat(lockedCommit()).isEqualTo(commits.get(24));
        assertThat(baseOfSet()).isEqualTo(commits.get(24));
        assertThat(r.out())
                .contains("next break: " + commits.get(25).substring(0, 12))
                .contains("p/two");
    }

    @Test
    void latestGoodNeedsFewVerificationsNotOnePerCommit() {
        Cli.Run r = update("--latest-good", "--format", "json");
        assertThat(r.exit()).as(r.err()).isZero();
        assertThat(r.out()).contains("\"candidates\":40");
        int checks = Integer.parseInt(r.out().replaceAll("(?s).*?\"checks\":(\\d+).*", "$1"));
        assertThat(checks).isLessThanOrEqualTo(9);
    }

    @Test
    void toPastABreakWritesNothingAndNamesTheEntryAndCommit() {
        Map<String, String> before = state();
        Cli.Run r = update("--to", commits.get(40));
        assertThat(r.exit()).as(r.err()).isEqualTo(1);
        assertThat(state()).isEqualTo(before);
        assertThat(r.out())
                .contains("blocked")
                .contains("p/two")
                .contains(commits.get(25).substring(0, 12));
    }

    @Test
    void stopBeforeConflictMovesToTheLastCleanCommit() {
        Cli.Run r = update("--to", commits.get(40), "--stop-before-conflict");
        assertThat(r.exit()).as(r.err()).isZero();
        assertThat(lockedCommit()).isEqualTo(commits.get(24));
    }

    @Test
    void toTagPicksTheNewestMatchingTagInVersionOrder() {
        Cli.Run r = update("--to-tag", "v1.*");
        assertThat(r.exit()).as(r.err()).isZero();
        assertThat(lockedCommit()).isEqualTo(commits.get(20));
    }

    @Test
    void aSecondUpdateToTheSameTargetWritesNothing() {
        assertThat(update("--to", commits.get(12)).exit()).isZero();
        Map<String, String> once = state();
        Cli.Run again = update("--to", commits.get(12));
        assertThat(again.exit()).as(again.err()).isZero();
        assertThat(again.out()).contains("already there");
        assertThat(state()).isEqualTo(once);
    }

    @Test
    void anEntryBrokenAtTheLockedCommitIsCarriedAndDoesNotHoldTheOthersBack() {
        Cli.Run lock = Cli.run(
                "lock",
                "--repo",
                root.toString(),
                "--pins",
                root.resolve("pins/p.toml").toString(),
                "--rev",
                commits.get(26),
                "-o",
                root.resolve("pins/p.lock.toml").toString());
        assertThat(lock.exit()).as(lock.err()).isZero();
        Cli.Run r = update("--latest-good");
        assertThat(r.exit()).as(r.err()).isEqualTo(3);
        assertThat(lockedCommit()).isEqualTo(commits.get(31));
        assertThat(r.out())
                .contains("p/two is broken at the locked commit already")
                .contains("two ANCHOR_MISSING -> ANCHOR_MISSING, carried");
    }

    @Test
    void aPinOnAReleaseBranchMovesAlongTheRefFromWhereTheBranchLeftIt() {
        Repo w = Repo.at(root);
        w.git("checkout", "-q", "-b", "release", commits.get(20));
        String tag = w.write("release.txt", "7.10\n").commit("release 7.10");
        w.git("checkout", "-q", "main");
        Cli.Run lock = Cli.run(
                "lock",
                "--repo",
                root.toString(),
                "--pins",
                root.resolve("pins/p.toml").toString(),
                "--rev",
                tag,
                "-o",
                root.resolve("pins/p.lock.toml").toString());
        assertThat(lock.exit()).as(lock.err()).isZero();
        Cli.Run r = update("--latest-good");
        assertThat(r.exit()).as(r.err()).isZero();
        assertThat(lockedCommit()).isEqualTo(commits.get(24));
        assertThat(r.out())
                .contains("searched from their fork point " + commits.get(20).substring(0, 12));
    }

    @Test
    void dryRunWritesNothing() {
        Map<String, String> before = state();
        Cli.Run r = update("--latest-good", "--dry-run", "--format", "markdown");
        assertThat(r.exit()).as(r.err()).isZero();
        assertThat(r.out()).startsWith("## patchpin update").contains("dry run: nothing written");
        assertThat(state()).isEqualTo(before);
    }

    @Test
    void aKillAtAnyWriteLeavesTheOldOrTheNewStateAfterRecover() {
        Map<String, String> before = state();
        Path done = tmp.resolve("done");
        Folders.copy(template, done);
        run(done, new Writes.Atomic(false));
        Map<String, String> after = state(done);
        assertThat(after).isNotEqualTo(before);
        for (int at = 0; ; at++) {
            Optional<Path> killed = killedAt(at);
            if (killed.isEmpty()) {
                break;
            }
            Path w = killed.get();
            Cli.Run recover = Cli.run("recover", "--repo", w.toString());
            assertThat(recover.exit()).as(recover.err()).isZero();
            Map<String, String> now = state(w);
            assertThat(now.equals(before) || now.equals(after))
                    .as("killed at write %d", at)
                    .isTrue();
            assertThat(leftovers(w)).as("killed at write %d", at).isEmpty();
        }
    }

    @Test
    void anUpdateRunAfterAKilledOneFinishesItFirstAndLeavesNoJournal() {
        Path done = tmp.resolve("done");
        Folders.copy(template, done);
        run(done, new Writes.Atomic(false));
        Map<String, String> after = state(done);
        for (int at = 0; ; at++) {
            Optional<Path> killed = killedAt(at);
            if (killed.isEmpty()) {
                break;
            }
            Path w = killed.get();
            Cli.Run again = Cli.run(
                    "update", w.resolve("pins/p.toml").toString(), "--repo", w.toString(), "--to", commits.get(12));
            assertThat(again.exit()).as(again.err()).isZero();
            assertThat(state(w)).as("killed at write %d, then updated", at).isEqualTo(after);
            assertThat(leftovers(w)).as("killed at write %d, then updated", at).isEmpty();
        }
    }

    private static void run(Path w, Writes writes) {
        try (Workspace ws = Workspace.open(w, null)) {
            Update.run(
                    ws,
                    new Update.Request(
                            PinsReader.read(w.resolve("pins/p.toml")),
                            w.resolve("pins/p.lock.toml"),
                            List.of(w.resolve("patchsets/p")),
                            UpdateResult.Target.TO,
                            commits.get(12),
                            false,
                            false),
                    writes);
        }
    }

    /** Stops at write {@code at} as a kill would: a half-written temp file, no rollback. */
    private Cli.Run update(String... more) {
        List<String> args =
                new ArrayList<>(List.of("update", root.resolve("pins/p.toml").toString(), "--repo", root.toString()));
        args.addAll(List.of(more));
        return Cli.run(args.toArray(String[]::new));
    }

    private String lockedCommit() {
        return read(root.resolve("pins/p.lock.toml")).replaceAll("(?s).*?\nsuperproject = \"([0-9a-f]{40})\".*", "$1");
    }

    private String baseOfSet() {
        return read(root.resolve("patchsets/p/patchset.toml")).replaceAll("(?s).*?base = \"([0-9a-f]{40})\".*", "$1");
    }

    private Map<String, String> state() {
        return state(root);
    }

    /** The digest of every file under pins/ and patchsets/. */
    private static Map<String, String> state(Path w) {
        Map<String, String> out = new TreeMap<>();
        for (String top : List.of("pins", "patchsets")) {
            try (Stream<Path> s = Files.walk(w.resolve(top))) {
                s.filter(Files::isRegularFile)
                        .forEach(p -> out.put(w.relativize(p).toString(), Hashes.sha256(bytes(p))));
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }
        return out;
    }

    private static List<Path> leftovers(Path w) {
        try (Stream<Path> s = Files.walk(w)) {
            return s.filter(p -> p.getFileName().toString().startsWith(".patchpin-"))
                    .toList();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static byte[] bytes(Path p) {
        try {
            return Files.readAllBytes(p);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static String read(Path p) {
        return new String(bytes(p), StandardCharsets.UTF_8);
    }

    private static void write(Path p, String text) {
        try {
            Files.createDirectories(p.getParent());
            Files.writeString(p, text, StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** A copy of the workspace with an update killed at its write {@code at}; empty once the update has no such write. */
    private Optional<Path> killedAt(int at) {
        Path w = tmp.resolve("kill-" + at);
        Folders.copy(template, w);
        FaultAt k = new FaultAt(at, true);
        try {
            run(w, k);
        } catch (FaultAt.Crash e) {
            // as a kill -9 would leave it
        }
        return k.hit ? Optional.of(w) : Optional.empty();
    }
}
