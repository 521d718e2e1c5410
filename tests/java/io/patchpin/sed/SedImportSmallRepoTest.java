package io.patchpin.sed;

import static io.patchpin.testkit.Asserts.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.patchpin.author.Authoring;
import io.patchpin.core.BadInputException;
import io.patchpin.core.ExitCode;
import io.patchpin.patchset.Entry;
import io.patchpin.patchset.PatchsetStore;
import io.patchpin.testkit.SmallRepo;
import io.patchpin.workspace.Workspace;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** import-sed in-process on a one-repository workspace: ids, skipped and failed lines, all or nothing. */
class SedImportSmallRepoTest {
    @TempDir
    Path tmp;

    Path root;
    Path dir;

    @BeforeEach
    void repo() throws Exception {
        root = tmp.resolve("TheRock");
        SmallRepo.commit(root, Map.of("f.txt", "a one\nb\n", "g.txt", "a two\n"));
        dir = tmp.resolve("patchsets/notes");
    }

    private SedImport.Result run(String script) throws Exception {
        Path sh = Files.writeString(tmp.resolve("notes.sh"), script);
        try (Workspace ws = Workspace.open(root, null)) {
            return SedImport.run(ws, new SedImport.Request(dir, sh, "HEAD"));
        }
    }

    @Test
    void oneLineOnTwoFilesGivesTwoEntriesAndOtherLinesAreSkippedWithAdvice() throws Exception {
        SedImport.Result r = run(
                """
                cd /somewhere/TheRock
                sed -i 's/a/A/' f.txt g.txt
                sed -i '2d' f.txt
                sed -i 's/x/y/' elsewhere/pytorch/setup.py
                sudo sed -i 's/x/y/' f.txt
                sed -i 's/A/\\U&/' f.txt
                """);
        assertThat(r.imported()).extracting(Entry::id).containsExactly("sed-l2", "sed-l2-2");
        assertThat(r.exitCode()).isEqualTo(ExitCode.REVIEW);
        assertThat(r.skipped()).extracting(SedImport.Problem::line).containsExactly(3, 4, 5, 6);
        assertThat(r.skipped().get(0).suggestion()).contains("--component . --file f.txt --regex");
        assertThat(r.skipped().get(1).reason())
                .startsWith("'elsewhere/pytorch/setup.py' is not in the workspace at the base");
        assertThat(r.skipped().get(1).suggestion()).contains("--component . --file elsewhere/pytorch/setup.py ");
        assertThat(r.skipped().get(2).suggestion()).contains("--component C --file F ");
        assertThat(r.skipped().get(3).reason()).isEqualTo("case conversion \\U in the replacement");
        assertThat(PatchsetStore.read(dir).entries()).extracting(Entry::id).containsExactly("sed-l2", "sed-l2-2");

        // a second import keeps the ids already taken
        SedImport.Result again = run("sed -i 's/two/2/' g.txt\n");
        assertThat(again.exitCode()).isEqualTo(ExitCode.OK);
        assertThat(PatchsetStore.read(dir).entries())
                .extracting(Entry::id)
                .containsExactly("sed-l2", "sed-l2-2", "sed-l1");
    }

    @Test
    void aLineThatCannotBeSealedFailsTheImportAndNothingIsWritten() throws Exception {
        SedImport.Result r = run("sed -i 's/a/A/' f.txt\nsed -i 's/not there/x/' g.txt\n");
        assertThat(r.exitCode()).isEqualTo(ExitCode.BAD_INPUT);
        assertThat(r.imported()).isEmpty();
        assertThat(r.failed()).singleElement().satisfies(p -> {
            assertThat(p.line()).isEqualTo(2);
            assertThat(p.reason()).contains("'not there' not found in g.txt at the base");
        });
        assertThat(dir).doesNotExist();
    }

    @Test
    void aMissingScriptOrASetWithoutBaseIsBadInput() throws Exception {
        try (Workspace ws = Workspace.open(root, null)) {
            Path none = tmp.resolve("none.sh");
            assertThatThrownBy(() -> SedImport.run(ws, new SedImport.Request(dir, none, "HEAD")))
                    .isInstanceOfSatisfying(BadInputException.class, e -> assertThat(e.oneLine())
                            .isEqualTo(none + ": no such file"));
            Authoring.create(null, new Authoring.NewSet(dir, null, null, "", List.of(), Map.of(), List.of()), false);
            Path sh = Files.writeString(tmp.resolve("s.sh"), "sed -i 's/a/b/' f.txt\n");
            assertThatThrownBy(() -> SedImport.run(ws, new SedImport.Request(dir, sh, "HEAD")))
                    .isInstanceOf(BadInputException.class)
                    .hasMessageStartingWith("the patchset has no base");
        }
    }
}
