# patchpin for Nix, a derivation over the release tarball (mvn -B package makes target/patchpin-VERSION.tar.gz).
# From a clone: nix-build packaging/nix (default.nix passes that tarball as src). For a published release, pass
# src = fetchurl { url = ...; hash = ...; }: the tarball is reproducible, so its hash holds for rebuilds.
{
  lib,
  stdenvNoCC,
  makeWrapper,
  jre_headless,
  src,
}:

stdenvNoCC.mkDerivation (finalAttrs: {
  pname = "patchpin";
  version = "0.1.0";
  inherit src;

  nativeBuildInputs = [ makeWrapper ];
  dontBuild = true;

  installPhase = ''
    runHook preInstall
    mkdir -p $out
    cp -r bin lib share $out/
    runHook postInstall
  '';

  # the closure's JRE, unless the user names another java
  postFixup = ''
    wrapProgram $out/bin/patchpin --set-default PATCHPIN_JAVA ${lib.getExe jre_headless}
  '';

  doInstallCheck = true;
  installCheckPhase = ''
    runHook preInstallCheck
    $out/bin/patchpin --version
    HOME=$TMPDIR PATCHPIN_JAVA_OPTS="-Djava.io.tmpdir=$TMPDIR" $out/bin/patchpin demo > /dev/null
    runHook postInstallCheck
  '';

  meta = {
    description = "Sealed source edits and deterministic submodule pins for ROCm/TheRock builds";
    license = with lib.licenses; [ asl20 bsd3 mit ];
    sourceProvenance = [ lib.sourceTypes.binaryBytecode ];
    mainProgram = "patchpin";
    platforms = jre_headless.meta.platforms;
  };
})
