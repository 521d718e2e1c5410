package io.patchpin.core;

import static io.patchpin.testkit.Asserts.assertThat;
import static org.junit.jupiter.params.provider.Arguments.arguments;

import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * What each name made from free text is, recorded from the three helpers as they were before they became this one:
 * the file name an export writes, the id capture gives a path, and the id add and import give a patch (width 60,
 * and 80 where import tells same-named patches apart by their folder). Users see all of these, so none may move.
 */
class SlugCharacterizationTest {
    static Stream<Arguments> cases() {
        return Stream.of(
                arguments("", "patch", "", "patch", "fallback-id"),
                arguments(" ", "patch", "", "patch", "fallback-id"),
                arguments("a", "a", "a", "a", "a"),
                arguments("A", "A", "a", "a", "a"),
                arguments("Hello World", "Hello-World", "hello-world", "hello-world", "hello-world"),
                arguments(
                        "  leading and trailing  ",
                        "leading-and-trailing",
                        "leading-and-trailing",
                        "leading-and-trailing",
                        "leading-and-trailing"),
                arguments("--.x--", "x", "x", "x", "x"),
                arguments("...", "patch", "", "patch", "fallback-id"),
                arguments("---", "patch", "", "patch", "fallback-id"),
                arguments("_", "_", "", "patch", "fallback-id"),
                arguments("a..b", "a.b", "a..b", "a.b", "a.b"),
                arguments("a...b", "a.b", "a...b", "a.b", "a.b"),
                arguments("x.", "x", "x.", "x", "x"),
                arguments(".x", "x", "x", "x", "x"),
                arguments("x..", "x", "x..", "x", "x"),
                arguments("-x-", "x", "x", "x", "x"),
                arguments("_x_", "_x_", "x", "x", "x"),
                arguments("a.-.b", "a.-.b", "a.-.b", "a.-.b", "a.-.b"),
                arguments("-._-", "_", "", "patch", "fallback-id"),
                arguments(
                        "snake_case_name", "snake_case_name", "snake-case-name", "snake-case-name", "snake-case-name"),
                arguments(
                        "Compiler/AMD-LLVM",
                        "Compiler-AMD-LLVM",
                        "compiler-amd-llvm",
                        "compiler-amd-llvm",
                        "compiler-amd-llvm"),
                arguments(
                        "rocm-systems/projects/rocprofiler-sdk/external/perfetto",
                        "rocm-systems-projects-rocprofiler-sdk-external-perfe",
                        "rocm-systems-projects-rocprofiler-sdk-external-perfetto",
                        "rocm-systems-projects-rocprofiler-sdk-external-perfetto",
                        "rocm-systems-projects-rocprofiler-sdk-external-perfetto"),
                arguments(
                        "[PATCH 1/3] Fix: build (again)!",
                        "PATCH-1-3-Fix-build-again",
                        "patch-1-3-fix-build-again",
                        "patch-1-3-fix-build-again",
                        "patch-1-3-fix-build-again"),
                arguments(
                        "0006-Rework-constructHipPath-so-HIP_PATH-env-var-is-lower",
                        "0006-Rework-constructHipPath-so-HIP_PATH-env-var-is",
                        "0006-rework-constructhippath-so-hip-path-env-var-is-lower",
                        "0006-rework-constructhippath-so-hip-path-env-var-is-lower",
                        "0006-rework-constructhippath-so-hip-path-env-var-is-lower"),
                arguments("in-comgr..", "in-comgr", "in-comgr..", "in-comgr", "in-comgr"),
                arguments("v1.2.3", "v1.2.3", "v1.2.3", "v1.2.3", "v1.2.3"),
                arguments("src/file.txt", "src-file.txt", "src-file.txt", "src-file.txt", "src-file.txt"),
                arguments(
                        "UPPER lower MiXeD",
                        "UPPER-lower-MiXeD",
                        "upper-lower-mixed",
                        "upper-lower-mixed",
                        "upper-lower-mixed"),
                arguments("100%", "100", "100", "100", "100"),
                arguments("a - b - c", "a-b-c", "a-b-c", "a-b-c", "a-b-c"),
                arguments(
                        "tab\tand\nnewline",
                        "tab-and-newline",
                        "tab-and-newline",
                        "tab-and-newline",
                        "tab-and-newline"),
                arguments("a/b\\c", "a-b-c", "a-b-c", "a-b-c", "a-b-c"),
                arguments("caf\u00e9 au lait", "caf-au-lait", "caf-au-lait", "caf-au-lait", "caf-au-lait"),
                arguments("na\u00efve r\u00e9sum\u00e9", "na-ve-r-sum", "na-ve-r-sum", "na-ve-r-sum", "na-ve-r-sum"),
                arguments("\u65e5\u672c\u8a9e", "patch", "", "patch", "fallback-id"),
                arguments("Stra\u00dfe", "Stra-e", "stra-e", "stra-e", "stra-e"),
                arguments("\u0130stanbul", "stanbul", "i-stanbul", "i-stanbul", "i-stanbul"),
                arguments("\u212aelvin", "elvin", "kelvin", "kelvin", "kelvin"),
                arguments("emoji \ud83c\udf89 party", "emoji-party", "emoji-party", "emoji-party", "emoji-party"),
                arguments(
                        "word ".repeat(20),
                        "word-word-word-word-word-word-word-word-word-word-wo",
                        "word-word-word-word-word-word-word-word-word-word-word-word",
                        "word-word-word-word-word-word-word-word-word-word-word-word",
                        "word-word-word-word-word-word-word-word-word-word-word-word-word-word-word-word"),
                arguments(
                        "x".repeat(90),
                        "xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx",
                        "xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx",
                        "xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx",
                        "xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx"),
                arguments(
                        "X_".repeat(40),
                        "X_X_X_X_X_X_X_X_X_X_X_X_X_X_X_X_X_X_X_X_X_X_X_X_X_X_",
                        "x-x-x-x-x-x-x-x-x-x-x-x-x-x-x-x-x-x-x-x-x-x-x-x-x-x-x-x-x-x",
                        "x-x-x-x-x-x-x-x-x-x-x-x-x-x-x-x-x-x-x-x-x-x-x-x-x-x-x-x-x-x",
                        "x-x-x-x-x-x-x-x-x-x-x-x-x-x-x-x-x-x-x-x-x-x-x-x-x-x-x-x-x-x-x-x-x-x-x-x-x-x-x-x"),
                arguments(
                        "a/".repeat(40) + "very-deep/file.txt",
                        "a-a-a-a-a-a-a-a-a-a-a-a-a-a-a-a-a-a-a-a-a-a-a-a-a-a",
                        "a-a-a-a-a-a-a-a-a-a-a-a-a-a-a-a-a-a-a-a-a-very-deep-file.txt",
                        "a-a-a-a-a-a-a-a-a-a-a-a-a-a-a-a-a-a-a-a-a-a-a-a-a-a-a-a-a-a",
                        "a-a-a-a-a-a-a-a-a-a-a-a-a-a-a-a-a-a-a-a-a-a-a-a-a-a-a-a-a-a-a-a-a-a-a-a-a-a-a-a"),
                arguments("-".repeat(100), "patch", "", "patch", "fallback-id"),
                arguments("\u00e9".repeat(80), "patch", "", "patch", "fallback-id"),
                arguments(
                        "a".repeat(51) + "-b",
                        "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa",
                        "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa-b",
                        "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa-b",
                        "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa-b"),
                arguments(
                        "a".repeat(51) + ".b",
                        "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa",
                        "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa.b",
                        "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa.b",
                        "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa.b"),
                arguments(
                        "a".repeat(59) + " b",
                        "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa",
                        "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa-b",
                        "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa",
                        "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa-b"),
                arguments(
                        "a".repeat(59) + "..b",
                        "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa",
                        "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa..b",
                        "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa",
                        "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa.b"),
                arguments(
                        "b " + "a".repeat(59),
                        "b-aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa",
                        "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa",
                        "b-aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa",
                        "b-aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa"),
                arguments(
                        "b." + "a".repeat(59),
                        "b.aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa",
                        "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa",
                        "b.aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa",
                        "b.aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa"),
                arguments(
                        "a".repeat(79) + "/b",
                        "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa",
                        "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa-b",
                        "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa",
                        "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa"),
                arguments(
                        "patches/amd-mainline/llvm-project-" + "fix".repeat(30),
                        "patches-amd-mainline-llvm-project-fixfixfixfixfixfix",
                        "fixfixfixfixfixfixfixfixfixfixfixfixfixfixfixfixfixfixfixfix",
                        "patches-amd-mainline-llvm-project-fixfixfixfixfixfixfixfixfi",
                        "patches-amd-mainline-llvm-project-fixfixfixfixfixfixfixfixfixfixfixfixfixfixfixf"));
    }

    @ParameterizedTest
    @MethodSource("cases")
    void eachNameIsWhatItWas(String text, String exported, String captured, String added, String imported) {
        assertThat(Slug.PATCH_FILE.of(text)).as("export file name").isEqualTo(exported);
        assertThat(Slug.CAPTURED_PATH.of(text)).as("captured id").isEqualTo(captured);
        assertThat(Slug.entryId(60, "patch").of(text)).as("added id").isEqualTo(added);
        assertThat(Slug.entryId(80, "fallback-id").of(text)).as("imported id").isEqualTo(imported);
    }
}
