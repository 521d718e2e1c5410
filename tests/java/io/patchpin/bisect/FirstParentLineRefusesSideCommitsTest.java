package io.patchpin.bisect;

import static io.patchpin.testkit.Asserts.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.patchpin.core.BadInputException;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.time.ZoneOffset;
import org.eclipse.jgit.internal.storage.dfs.DfsRepositoryDescription;
import org.eclipse.jgit.internal.storage.dfs.InMemoryRepository;
import org.eclipse.jgit.lib.CommitBuilder;
import org.eclipse.jgit.lib.Constants;
import org.eclipse.jgit.lib.FileMode;
import org.eclipse.jgit.lib.ObjectId;
import org.eclipse.jgit.lib.ObjectInserter;
import org.eclipse.jgit.lib.PersonIdent;
import org.eclipse.jgit.lib.TreeFormatter;
import org.eclipse.jgit.revwalk.RevCommit;
import org.junit.jupiter.api.Test;

/** The first-parent line between two commits of a tiny in-memory history: a -> b -> c, and a side commit s off a. */
class FirstParentLineRefusesSideCommitsTest {
    @Test
    void theLineRunsFromAfterGoodToBadAndASideCommitIsRefused() throws IOException {
        try (InMemoryRepository repo = new InMemoryRepository(new DfsRepositoryDescription("line"))) {
            ObjectId a = commit(repo, "a", 1);
            ObjectId b = commit(repo, "b", 2, a);
            ObjectId c = commit(repo, "c", 3, b);
            ObjectId s = commit(repo, "s", 4, a);
            assertThat(FirstParentHistory.between(repo, a, c, "A", "C"))
                    .extracting(RevCommit::getShortMessage)
                    .containsExactly("b", "c");
            assertThat(FirstParentHistory.between(repo, c, c, "C", "C")).isEmpty();
            assertThatThrownBy(() -> FirstParentHistory.between(repo, s, c, "S", "C"))
                    .hasMessage("'S' is not an ancestor of 'C'; their merge-base is " + a.name() + " \"a\": try --good "
                            + a.name());
            assertThatThrownBy(() -> FirstParentHistory.between(repo, c, a, "C", "A"))
                    .hasMessage("'C' is not an ancestor of 'A' ('A' is older: swap --good and --bad?)");
            ObjectId lone = commit(repo, "lone", 6);
            assertThatThrownBy(() -> FirstParentHistory.between(repo, lone, c, "L", "C"))
                    .hasMessage("'L' is not an ancestor of 'C' (they share no history)");
            ObjectId m = commit(repo, "merge s", 5, c, s);
            assertThatThrownBy(() -> FirstParentHistory.between(repo, s, m, "S", "M"))
                    .isInstanceOf(BadInputException.class)
                    .hasMessageStartingWith("'S' is not on the first-parent line of 'M'");
        }
    }

    private static ObjectId commit(InMemoryRepository repo, String message, int second, ObjectId... parents)
            throws IOException {
        try (ObjectInserter ins = repo.newObjectInserter()) {
            TreeFormatter tree = new TreeFormatter();
            tree.append(
                    "f",
                    FileMode.REGULAR_FILE,
                    ins.insert(Constants.OBJ_BLOB, message.getBytes(StandardCharsets.UTF_8)));
            CommitBuilder cb = new CommitBuilder();
            cb.setTreeId(ins.insert(tree));
            PersonIdent who = new PersonIdent("T", "t@example.org", Instant.ofEpochSecond(second), ZoneOffset.UTC);
            cb.setAuthor(who);
            cb.setCommitter(who);
            cb.setParentIds(parents);
            cb.setMessage(message + "\n");
            ObjectId id = ins.insert(cb);
            ins.flush();
            return id;
        }
    }
}
