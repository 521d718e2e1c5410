package io.patchpin.author;

import static io.patchpin.testkit.Asserts.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.patchpin.core.BadInputException;
import io.patchpin.patchset.PatchsetStore;
import io.patchpin.patchset.RewriteEntry;
import io.patchpin.testkit.Unsealed;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** What {@code new} and {@code add} refuse before writing, and ids derived from file names; no repository needed. */
class NewSetRefusalsTest {
    @TempDir
    Path tmp;

    private static Authoring.NewSet request(Path dir, String name, Map<String, String> env) {
        return new Authoring.NewSet(dir, null, name, "", List.of(), env, List.of());
    }

    @Test
    void aSetWithoutBaseIsCreatedOnceAndNamedAfterItsFolder() {
        Path dir = tmp.resolve("gfx1103");
        Authoring.Created c = Authoring.create(null, request(dir, null, Map.of("HIP_PLATFORM", "amd")), false);
        assertThat(c.exitCode().code()).isZero();
        assertThat(c.patchset().name()).isEqualTo("gfx1103");
        assertThat(c.patchset().baseKnown()).isFalse();
        assertThatThrownBy(() -> Authoring.create(null, request(dir, null, Map.of()), false))
                .isInstanceOfSatisfying(BadInputException.class, e -> assertThat(e.oneLine())
                        .isEqualTo(PatchsetStore.tomlOf(dir) + ": already exists"));
    }

    @Test
    void badNamesAndEnvironmentKeysAreRefusedAndNothingIsWritten() {
        Path dir = tmp.resolve("set");
        assertThatThrownBy(() -> Authoring.create(null, request(dir, "no spaces", Map.of()), false))
                .isInstanceOfSatisfying(BadInputException.class, e -> assertThat(e.oneLine())
                        .isEqualTo("--name: 'no spaces' must be letters, digits, '.', '_' or '-'"));
        assertThatThrownBy(() -> Authoring.create(null, request(dir, "ok", Map.of("1BAD", "x")), false))
                .isInstanceOfSatisfying(BadInputException.class, e -> assertThat(e.oneLine())
                        .isEqualTo("--env: '1BAD' is not an environment variable name"));
        assertThat(dir).doesNotExist();
    }

    @Test
    void anEntryIsAddedUnsealedWhenTheBaseIsUnknownAndItsIdOnlyOnce() {
        Path dir = tmp.resolve("set");
        Authoring.create(null, request(dir, null, Map.of()), false);
        RewriteEntry e = Unsealed.why(Unsealed.rewrite("nvptx", ".", "f.cmake", "a", "b"), "why");
        Authoring.Added added = Authoring.add(null, dir, e, false);
        assertThat(added.sealed()).isFalse();
        assertThat(added.note()).contains("is unknown: written unsealed");
        assertThat(PatchsetStore.read(dir).entries()).containsExactly(e);
        assertThatThrownBy(() -> Authoring.add(null, dir, e, false))
                .isInstanceOf(BadInputException.class)
                .hasMessage("entry 'nvptx' already exists in " + dir);
    }

    @Test
    void idsComeFromTheFileName() {
        assertThat(Authoring.deriveId("rewrite", "compiler/pre_hook_amd-llvm.cmake", id -> false))
                .isEqualTo("pre_hook_amd-llvm.cmake-1");
        assertThat(Authoring.deriveId("insert", "dir/+++", id -> false)).isEqualTo("insert-1");
        assertThat(Authoring.deriveId("rewrite", "a/Weird Name.TXT", id -> id.endsWith("-1")))
                .isEqualTo("weird-name.txt-2");
        assertThat(Authoring.deriveId("rewrite", "x".repeat(100), id -> false)).isEqualTo("x".repeat(80) + "-1");
    }
}
