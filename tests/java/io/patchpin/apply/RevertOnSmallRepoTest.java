package io.patchpin.apply;

import static io.patchpin.testkit.Asserts.assertThat;

import io.patchpin.author.Authoring;
import io.patchpin.core.ExitCode;
import io.patchpin.patchset.Occurrence;
import io.patchpin.safety.Writes;
import io.patchpin.testkit.SmallRepo;
import io.patchpin.testkit.Unsealed;
import io.patchpin.verify.ComponentFilter;
import io.patchpin.workspace.Workspace;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** revert in-process on a one-repository workspace: the user's other edits are kept; an edit it cannot find is named. */
class RevertOnSmallRepoTest {
    @TempDir
    Path tmp;

    @Test
    void keepsTheUsersOwnEditsAndNamesWhatItCannotUndo() throws Exception {
        Path root = tmp.resolve("work");
        SmallRepo.commit(root, Map.of("a.txt", "A\nC\n", "r.txt", "x = 1\n"));
        Path dir = tmp.resolve("set");
        Applier.Request req = new Applier.Request(List.of(dir), Applier.Commits.NONE, ComponentFilter.ALL, false);
        try (Workspace ws = Workspace.open(root, null)) {
            Authoring.create(ws, new Authoring.NewSet(dir, "HEAD", null, "", List.of(), Map.of(), List.of()), false);
            Authoring.add(ws, dir, Unsealed.rewrite("plain", ".", "a.txt", "A", "B"), false);
            Authoring.add(
                    ws, dir, Unsealed.rewrite("regex", ".", "r.txt", "x = \\d+", "x = 2", true, Occurrence.ALL), false);
            Applier.Result applied = Applier.apply(ws, req, new Writes.Atomic(false), Clock.systemUTC());
            assertThat(applied.exitCode()).isEqualTo(ExitCode.OK);
            assertThat(applied.written()).containsExactly("a.txt", "r.txt");

            // the user edits beside the entry, and over the regex entry's line
            Files.writeString(root.resolve("a.txt"), "B\nD\n");
            Files.writeString(root.resolve("r.txt"), "y = 2\n");
            Reverter.Result refused = Reverter.revert(
                    ws, new Reverter.Request(List.of(dir), ComponentFilter.ALL), new Writes.Atomic(false));
            assertThat(refused.exitCode()).isEqualTo(ExitCode.BROKEN);
            assertThat(refused.refusals())
                    .singleElement()
                    .asString()
                    .startsWith("r.txt: entry 'regex' cannot be undone: its edit is not as the entry left it");
            assertThat(root.resolve("a.txt")).hasContent("B\nD");

            Files.writeString(root.resolve("r.txt"), "x = 2\n");
            Reverter.Result reverted = Reverter.revert(
                    ws, new Reverter.Request(List.of(dir), ComponentFilter.ALL), new Writes.Atomic(false));
            assertThat(reverted.exitCode()).isEqualTo(ExitCode.OK);
            assertThat(root.resolve("a.txt")).hasContent("A\nD");
            assertThat(root.resolve("r.txt")).hasContent("x = 1");
        }
    }
}
