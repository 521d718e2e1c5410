package io.patchpin.lockexport;

import static io.patchpin.testkit.Asserts.assertThat;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * The yocto lock export: one git SRC_URI entry per source BitBake can fetch (https, http, ssh or git, a URL with
 * no space, ';' or '"' to break the entry), each under its own folder, and every other source named as a problem.
 */
class YoctoFetchesOnlyWhatBitBakeCanTest {
    private static final String C = "c".repeat(40);

    private static ExportSource source(String label, String path, String url, String commit) {
        return new ExportSource(label, path, label, null, url, null, commit, false);
    }

    @Test
    void eachFetchableSourceHasItsEntryRevisionAndFolder() {
        List<String> problems = new ArrayList<>();
        String out = YoctoFormat.render(
                List.of(
                        source("TheRock", ".", "https://github.com/ROCm/TheRock.git", C),
                        source("compiler/amd-llvm", "compiler/amd-llvm", "ssh://git@example.com/llvm.git", C),
                        source("root pytorch", null, "git://example.com/pytorch.git", C)),
                "# header\n",
                problems);
        assertThat(out)
                .isEqualTo("# header\nSRC_URI += \" \\\n"
                        + "    git://github.com/ROCm/TheRock.git;protocol=https;nobranch=1;name=therock;destsuffix=git \\\n"
                        + "    git://git@example.com/llvm.git;protocol=ssh;nobranch=1;name=compiler_amd_llvm;"
                        + "destsuffix=git/compiler/amd-llvm \\\n"
                        + "    git://example.com/pytorch.git;protocol=git;nobranch=1;name=root_pytorch;"
                        + "destsuffix=root_pytorch \\\n"
                        + "    \"\n"
                        + "SRCREV_therock = \"" + C + "\"\n"
                        + "SRCREV_compiler_amd_llvm = \"" + C + "\"\n"
                        + "SRCREV_root_pytorch = \"" + C + "\"\n"
                        + "SRCREV_FORMAT = \"therock_compiler_amd_llvm_root_pytorch\"\n");
        assertThat(problems).isEmpty();
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(
            delimiter = '|',
            value = {
                "https://example.com/a.git | false | no commit locked",
                " | true | no URL in the lock (give one with --url)",
                "file:///srv/c.git | true | URL file:///srv/c.git is not https, http, ssh or git",
                "example.com:d.git | true | URL example.com:d.git is not https, http, ssh or git",
                "https://example.com/e.git;name=x | true | URL https://example.com/e.git;name=x is not https, http, ssh or git",
                "'https://example.com/f .git' | true | URL https://example.com/f .git is not https, http, ssh or git",
            })
    void aSourceBitBakeCannotFetchIsAProblemNotAnEntry(String url, boolean locked, String why) {
        List<String> problems = new ArrayList<>();
        String out = YoctoFormat.render(List.of(source("a", "a", url, locked ? C : null)), "", problems);
        assertThat(out).isEqualTo("SRC_URI += \" \\\n    \"\nSRCREV_FORMAT = \"\"\n");
        assertThat(problems).containsExactly("a: no SRC_URI entry: " + why);
    }
}
