package io.patchpin.verify;

import static io.patchpin.testkit.Asserts.assertThat;

import io.patchpin.testkit.Repo;
import io.patchpin.verify.AppliedCommits.Result;
import io.patchpin.verify.AppliedCommits.Step;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.eclipse.jgit.api.Git;
import org.eclipse.jgit.lib.CommitBuilder;
import org.eclipse.jgit.lib.ObjectId;
import org.eclipse.jgit.lib.ObjectInserter;
import org.eclipse.jgit.lib.PersonIdent;
import org.eclipse.jgit.lib.Repository;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Which commits above a pin are known edits: by entry (matched by tree) and by TheRock's patch folder. */
class AppliedCommitsAreMatchedToEntriesTest {
    @TempDir
    Path tmp;

    private static Optional<byte[]> text(String s) {
        return Optional.of(s.getBytes(StandardCharsets.UTF_8));
    }

    private Repo base() {
        Repo r = Repo.init(tmp.resolve("c"));
        r.write("a.txt", "a\n").write("b.txt", "b\n").commit("base");
        return r;
    }

    private static Result byEntries(Repo r, String pin, String head, List<Step> steps) throws Exception {
        try (Git git = Git.open(r.dir().toFile())) {
            return AppliedCommits.byEntries(git.getRepository(), pin, head, steps);
        }
    }

    private static Result byPatches(Repo r, String pin, String head, List<String> names) throws Exception {
        try (Git git = Git.open(r.dir().toFile())) {
            return AppliedCommits.byTheRockPatches(git.getRepository(), pin, head, names);
        }
    }

    /** Commits everything with therockbot (or another name) as committer, as TheRock's git am does. */
    private static String commitAs(Repo r, String committer, String message) throws Exception {
        try (Git git = Git.open(r.dir().toFile())) {
            git.add().addFilepattern(".").call();
            git.add().setUpdate(true).addFilepattern(".").call();
            return git.commit()
                    .setMessage(message)
                    .setAuthor("Pat Pin", "pat@example.org")
                    .setCommitter(committer, committer + "@example.org")
                    .setAllowEmpty(true)
                    .call()
                    .name();
        }
    }

    @Test
    void headAtThePinHoldsNothingAndExplainsAll() throws Exception {
        Repo r = base();
        Result res = byEntries(r, r.head(), r.head(), List.of());
        assertThat(res.held()).isEmpty();
        assertThat(res.explained()).isTrue();
    }

    @Test
    void commitsOfTheEntriesInOrderAreHeld() throws Exception {
        Repo r = base();
        String pin = r.head();
        r.write("a.txt", "A\n").commit("one");
        r.delete("b.txt");
        String head = r.commit("two");
        Result res = byEntries(
                r,
                pin,
                head,
                List.of(
                        new Step("e1", Map.of("a.txt", text("A\n"))),
                        new Step("e2", Map.of("b.txt", Optional.empty()))));
        assertThat(res.held()).containsExactly("e1", "e2");
        assertThat(res.explained()).isTrue();
    }

    @Test
    void aCommitThatDiffersFromItsEntryAndAllAfterItAreUnexplained() throws Exception {
        Repo r = base();
        String pin = r.head();
        r.write("a.txt", "A\n").commit("one");
        r.write("a.txt", "AA\n").commit("two");
        String head = r.write("b.txt", "B\n").commit("three");
        Result res = byEntries(
                r,
                pin,
                head,
                List.of(
                        new Step("e1", Map.of("a.txt", text("A\n"))),
                        new Step("e2", Map.of("a.txt", text("other\n"))),
                        new Step("e3", Map.of("b.txt", text("B\n")))));
        assertThat(res.held()).containsExactly("e1");
        assertThat(res.unexplained()).hasSize(2);
        assertThat(res.unexplained().get(0)).endsWith(" two");
        assertThat(res.unexplained().get(1)).endsWith(" three");
    }

    @Test
    void aCommitChangingAFileTheEntryDoesNotTouchIsUnexplained() throws Exception {
        Repo r = base();
        String pin = r.head();
        String head = r.write("a.txt", "A\n").write("b.txt", "B\n").commit("both");
        Result res = byEntries(r, pin, head, List.of(new Step("e1", Map.of("a.txt", text("A\n")))));
        assertThat(res.held()).isEmpty();
        assertThat(res.unexplained()).singleElement().asString().endsWith(" both");
    }

    @Test
    void anEmptyCommitOrOneBeyondTheEntriesIsUnexplained() throws Exception {
        Repo r = base();
        String pin = r.head();
        String empty = r.commit("empty");
        assertThat(byEntries(r, pin, empty, List.of(new Step("e1", Map.of("a.txt", text("a\n")))))
                        .unexplained())
                .singleElement()
                .asString()
                .endsWith(" empty");
        String extra = r.write("a.txt", "A\n").commit("extra");
        Result res = byEntries(r, empty, extra, List.of());
        assertThat(res.held()).isEmpty();
        assertThat(res.unexplained()).singleElement().asString().endsWith(" extra");
    }

    @Test
    void aHeadThatIsNotThePinPlusALineIsSaidSo() throws Exception {
        Repo r = base();
        String pin = r.head();
        r.git("checkout", "-q", "-b", "side");
        String side = r.write("b.txt", "side\n").commit("side");
        r.git("checkout", "-q", "main");
        r.write("a.txt", "main\n").commit("main");
        r.git("merge", "-q", "--no-edit", "side");
        String merge = r.head();
        Result res = byEntries(r, pin, merge, List.of());
        assertThat(res.held()).isEmpty();
        assertThat(res.unexplained()).singleElement().asString().contains("is not the pin");
        // a pin the history never reaches: the walk runs off the root commit
        String unknown = "0123456789abcdef0123456789abcdef01234567";
        assertThat(byPatches(r, unknown, side, List.of("p.patch")).unexplained())
                .singleElement()
                .asString()
                .contains("is not the pin");
        try (Git git = Git.open(r.dir().toFile())) {
            Repository repo = git.getRepository();
            assertThat(AppliedCommits.above(repo, pin, unknown)).isEmpty();
        }
    }

    @Test
    void aPinMoreThanAThousandCommitsBelowHeadIsNotAPatchStack() throws Exception {
        Repo r = base();
        String pin = r.head();
        String head;
        try (Git git = Git.open(r.dir().toFile());
                ObjectInserter ins = git.getRepository().newObjectInserter()) {
            Repository repo = git.getRepository();
            ObjectId parent = ObjectId.fromString(pin);
            ObjectId tree = repo.parseCommit(parent).getTree();
            PersonIdent who = new PersonIdent("Pat Pin", "pat@example.org", Instant.EPOCH, ZoneOffset.UTC);
            for (int i = 0; i < 1001; i++) {
                CommitBuilder cb = new CommitBuilder();
                cb.setTreeId(tree);
                cb.setParentId(parent);
                cb.setAuthor(who);
                cb.setCommitter(who);
                cb.setMessage("step " + i);
                parent = ins.insert(cb);
            }
            ins.flush();
            head = parent.name();
            assertThat(AppliedCommits.above(repo, pin, head)).isEmpty();
        }
        assertThat(byEntries(r, pin, head, List.of()).unexplained())
                .singleElement()
                .asString()
                .contains("is not the pin");
    }

    @Test
    void theRockPatchesCommittedByTheBotAreHeld() throws Exception {
        Repo r = base();
        String pin = r.head();
        r.write("a.txt", "1\n");
        commitAs(r, "therockbot", "p1");
        r.write("a.txt", "2\n");
        String head = commitAs(r, "therockbot", "p2");
        Result all = byPatches(r, pin, head, List.of("0001.patch", "0002.patch"));
        assertThat(all.held()).containsExactly("0001.patch", "0002.patch");
        assertThat(all.explained()).isTrue();

        Result missing = byPatches(r, pin, head, List.of("0001.patch", "0002.patch", "0003.patch"));
        assertThat(missing.held()).isEmpty();
        assertThat(missing.unexplained()).containsExactly("only 2 of 3 patches committed");

        Result extra = byPatches(r, pin, head, List.of("0001.patch"));
        assertThat(extra.held()).isEmpty();
        assertThat(extra.unexplained()).singleElement().asString().endsWith(" p2");
    }

    @Test
    void aPatchCommitNotByTheBotIsUnexplained() throws Exception {
        Repo r = base();
        String pin = r.head();
        r.write("a.txt", "1\n");
        String head = commitAs(r, "someone", "by hand");
        Result res = byPatches(r, pin, head, List.of("0001.patch"));
        assertThat(res.held()).isEmpty();
        assertThat(res.unexplained()).singleElement().asString().endsWith(" by hand");
        // fewer commits than patches, and one of them by hand: the stray commit is what is said
        Result fewer = byPatches(r, pin, head, List.of("0001.patch", "0002.patch"));
        assertThat(fewer.held()).isEmpty();
        assertThat(fewer.unexplained()).singleElement().asString().endsWith(" by hand");
    }
}
