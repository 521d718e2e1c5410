package io.patchpin.lock;

import static io.patchpin.testkit.Asserts.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.patchpin.core.BadInputException;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** Build manifests read without any repository: the manifest's own pins, and every refusal naming the file. */
class ManifestsLockWithoutRepositoriesTest {
    private static final String A = "a".repeat(40);
    private static final String B = "b".repeat(40);

    @TempDir
    Path tmp;

    @Test
    void aTheRockManifestWithoutObjectsLocksItsPinsAndNotesWhatItLacks() throws IOException {
        Path file = write("{\"the_rock_commit\": \"" + A + "\", \"submodules\": ["
                + "{\"submodule_name\": \"llvm\", \"submodule_path\": \"compiler/./amd-llvm\", \"pin_sha\": \"" + B
                + "\"},"
                + "{\"submodule_name\": \"sys\", \"submodule_path\": \"rocm-systems\", \"submodule_url\": \"https://example.org/s.git\","
                + " \"pin_sha\": \"" + B + "\"},"
                + "{\"submodule_name\": \"half\", \"submodule_path\": \"base/half\", \"pin_sha\": null}]}");
        ManifestLock.Result r = ManifestLock.read(file, null);
        assertThat(r.kind()).isEqualTo(ManifestLock.Kind.THEROCK);
        assertThat(r.label()).isEmpty();
        assertThat(r.lock().name()).isEmpty();
        assertThat(r.notes())
                .containsExactly(
                        "base/half: the manifest names no pin_sha",
                        "TheRock aaaaaaaaaaaa is not in any repository here: only the manifest's own pins are locked");
        assertThat(r.lock().components())
                .extracting(LockEntry::path)
                .containsExactly(".", "compiler/amd-llvm", "rocm-systems");
        LockEntry llvm = r.lock().component("compiler/amd-llvm").orElseThrow();
        assertThat(llvm.url()).isEmpty();
        assertThat(llvm.source()).contains("manifest");
        assertThat(llvm.available()).isFalse();
        assertThat(r.lock().component("rocm-systems").orElseThrow().url()).contains("https://example.org/s.git");
        assertThat(r.lock().component(".").orElseThrow().url()).contains(ManifestLock.THEROCK_URL);
    }

    @Test
    void aPyTorchManifestRecordsEveryProjectWithTheBestRefItNames() throws IOException {
        Path file = write("{\"schema_version\": 1, \"note\": \"not a project\","
                + "\"therock\": {\"repo\": \"https://example.org/TheRock.git\", \"commit\": \"" + A + "\"},"
                + "\"apex\": {\"commit\": \"" + B + "\", \"version\": \"1.2\"},"
                + "\"pytorch\": {\"commit\": \"" + B + "\", \"branch\": \"nightly\", \"version\": \"2.11\"}}");
        ManifestLock.Result r = ManifestLock.read(file, null);
        assertThat(r.kind()).isEqualTo(ManifestLock.Kind.PYTORCH);
        assertThat(r.label()).isEqualTo("2.11");
        assertThat(r.lock().name()).contains("2.11");
        assertThat(r.lock().roots())
                .containsExactly(
                        new Lock.Root("apex", "", "1.2", B),
                        new Lock.Root("pytorch", "", "nightly", B),
                        new Lock.Root("therock", "https://example.org/TheRock.git", A, A));
        assertThat(r.lock().components()).extracting(LockEntry::path).containsExactly(".");
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(
            delimiter = '|',
            textBlock =
                    """
            neither            | {"x": 1}                                                          | neither a therock_manifest.json
            submodules object  | {"the_rock_commit": "AAA", "submodules": {}}                       | 'submodules' must be an array
            nameless submodule | {"the_rock_commit": "AAA", "submodules": [{"submodule_path": "a"}]} | a submodule without submodule_name
            bad pin            | {"the_rock_commit": "AAA", "submodules": [{"submodule_name": "a", "submodule_path": "a", "pin_sha": "HEAD"}]} | pin_sha of a must be a 40-hex commit, not 'HEAD'
            escaping path      | {"the_rock_commit": "AAA", "submodules": [{"submodule_name": "a", "submodule_path": "../a", "pin_sha": "AAA"}]} | '../a'
            short commit       | {"the_rock_commit": "abc", "submodules": []}                       | the_rock_commit must be a 40-hex commit, not 'abc'
            schema 2           | {"schema_version": 2}                                              | schema_version 2 is not supported
            schema text        | {"schema_version": "1"}                                            | schema_version "1" is not supported
            no therock         | {"schema_version": 1, "pytorch": {"commit": "AAA"}}                | names no "therock" commit
            commitless project | {"schema_version": 1, "therock": {"repo": "x"}}                    | therock.commit must be a 40-hex commit, not 'null'
            """)
    void malformedManifestsAreBadInputNamingTheFile(String what, String json, String message) throws IOException {
        Path file = write(json.replace("AAA", A));
        assertThatThrownBy(() -> ManifestLock.read(file, null))
                .as(what)
                .isInstanceOfSatisfying(BadInputException.class, e -> {
                    assertThat(e.source()).isEqualTo(file.toString());
                    assertThat(e.getMessage()).contains(message);
                });
    }

    @Test
    void anUnreadableManifestIsBadInput() throws IOException {
        Path missing = tmp.resolve("gone.json");
        assertThatThrownBy(() -> ManifestLock.read(missing, null)).hasMessage("no such file");
        Path folder = Files.createDirectories(tmp.resolve("folder.json"));
        assertThatThrownBy(() -> ManifestLock.read(folder, null))
                .isInstanceOfSatisfying(
                        BadInputException.class, e -> assertThat(e.oneLine()).startsWith(folder + ": cannot read: "));
        Path broken = write("{\n\"the_rock_commit\": [\n");
        assertThatThrownBy(() -> ManifestLock.read(broken, null)).isInstanceOfSatisfying(BadInputException.class, e -> {
            assertThat(e.line()).isEqualTo(3);
            assertThat(e.getMessage()).startsWith("not valid JSON: ");
        });
    }

    private Path write(String json) throws IOException {
        return Files.writeString(tmp.resolve("manifest.json"), json, StandardCharsets.UTF_8);
    }
}
