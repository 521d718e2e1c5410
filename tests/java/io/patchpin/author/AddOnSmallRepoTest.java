package io.patchpin.author;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.patchpin.core.BadInputException;
import io.patchpin.patchset.Occurrence;
import io.patchpin.patchset.PatchsetStore;
import io.patchpin.patchset.RewriteEntry;
import io.patchpin.workspace.Workspace;

import org.eclipse.jgit.api.Git;
import org.eclipse.jgit.lib.PersonIdent;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Map;

/** add on a one-repository workspace: what is sealed, and what is refused naming the option at fault. */
class AddOnSmallRepoTest {
    @TempDir
    Path tmp;

    private static RewriteEntry rewrite(String id, String component, String file, String find) {
        return new RewriteEntry(id, component, file, find, "B", false, Occurrence.ALL, "why", List.of(), null);
    }

    @Test
    void sealsWhatItFindsAndRefusesWhatIsNotThere() throws Exception {
        Path root = tmp.resolve("work");
        PersonIdent me = new PersonIdent("M", "m@example.com", Instant.ofEpochSecond(1_700_000_000L), ZoneOffset.UTC);
        String base;
        try (Git git = Git.init().setDirectory(root.toFile()).setInitialBranch("main").call()) {
            Files.writeString(root.resolve("a.txt"), "A\n");
            git.add().addFilepattern(".").call();
            base = git.commit().setMessage("base").setAuthor(me).setCommitter(me).setSign(false).call().name();
        }
        Path dir = tmp.resolve("set");
        try (Workspace ws = Workspace.open(root, null)) {
            Authoring.create(ws, new Authoring.NewSet(dir, "HEAD", "mine", "", List.of(), Map.of()));
            Authoring.Added added = Authoring.add(ws, dir, rewrite("ok", ".", "a.txt", "A"));
            assertThat(added.sealed()).isTrue();
            assertThat(added.entry().seal()).isPresent();
            assertThatThrownBy(() -> Authoring.add(ws, dir, rewrite("nofile", ".", "b.txt", "A")))
                    .isInstanceOfSatisfying(BadInputException.class, e -> assertThat(e.oneLine())
                            .isEqualTo("--file: no file 'b.txt' in . at the base " + base.substring(0, 12)));
            assertThatThrownBy(() -> Authoring.add(ws, dir, rewrite("nocomp", "sub", "a.txt", "A")))
                    .isInstanceOfSatisfying(BadInputException.class, e -> assertThat(e.oneLine())
                            .isEqualTo("--component: 'sub' is not a component at the base"));
            // the first entry already turned A into B: a second one on A finds nothing
            assertThatThrownBy(() -> Authoring.add(ws, dir, rewrite("again", ".", "a.txt", "A")))
                    .isInstanceOfSatisfying(BadInputException.class, e -> assertThat(e.source()).isEqualTo("rewrite again"))
                    .hasMessageStartingWith("'A' not found in a.txt at the base");
        }
        assertThat(PatchsetStore.read(dir).entries()).hasSize(1);
    }
}
