package io.patchpin.author;

import static io.patchpin.testkit.Asserts.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.patchpin.core.BadInputException;
import io.patchpin.patchset.PatchsetStore;
import io.patchpin.patchset.RewriteEntry;
import io.patchpin.testkit.SmallRepo;
import io.patchpin.testkit.Unsealed;
import io.patchpin.workspace.Workspace;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** add on a one-repository workspace: what is sealed, and what is refused naming the option at fault. */
class AddOnSmallRepoTest {
    @TempDir
    Path tmp;

    private static RewriteEntry rewrite(String id, String component, String file, String find) {
        return Unsealed.why(Unsealed.rewrite(id, component, file, find, "B"), "why");
    }

    @Test
    void sealsWhatItFindsAndRefusesWhatIsNotThere() throws Exception {
        Path root = tmp.resolve("work");
        String base = SmallRepo.commit(root, Map.of("a.txt", "A\n"));
        Path dir = tmp.resolve("set");
        try (Workspace ws = Workspace.open(root, null)) {
            Authoring.create(ws, new Authoring.NewSet(dir, "HEAD", "mine", "", List.of(), Map.of(), List.of()), false);
            Authoring.Added added = Authoring.add(ws, dir, rewrite("ok", ".", "a.txt", "A"), false);
            assertThat(added.sealed()).isTrue();
            assertThat(added.entry().seal()).isPresent();
            assertThatThrownBy(() -> Authoring.add(ws, dir, rewrite("nofile", ".", "b.txt", "A"), false))
                    .isInstanceOfSatisfying(BadInputException.class, e -> assertThat(e.oneLine())
                            .isEqualTo("--file: no file 'b.txt' in . at the base " + base.substring(0, 12)));
            assertThatThrownBy(() -> Authoring.add(ws, dir, rewrite("nocomp", "sub", "a.txt", "A"), false))
                    .isInstanceOfSatisfying(BadInputException.class, e -> assertThat(e.oneLine())
                            .isEqualTo("--component: 'sub' is not a component at the base"));
            // the first entry already turned A into B: a second one on A finds nothing
            assertThatThrownBy(() -> Authoring.add(ws, dir, rewrite("again", ".", "a.txt", "A"), false))
                    .isInstanceOfSatisfying(
                            BadInputException.class, e -> assertThat(e.source()).isEqualTo("rewrite again"))
                    .hasMessageStartingWith("'A' not found in a.txt at the base");
        }
        assertThat(PatchsetStore.read(dir).entries()).hasSize(1);
    }
}
