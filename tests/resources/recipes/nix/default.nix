# Written for patchpin's tests: the form of nixpkgs' rocmPackages.rocblas.
{ lib, stdenv, fetchFromGitHub, fetchpatch, cmake, rocmUpdateScript }:

stdenv.mkDerivation (finalAttrs: {
  pname = "rocblas";
  version = "6.4.0";

  src = fetchFromGitHub {
    owner = "ROCm";
    repo = "rocBLAS";
    rev = "rocm-${finalAttrs.version}";
    hash = "sha256-AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA=";
  };

  patches = [
    ./gfx1103.patch
    (fetchpatch {
      name = "tensile-fix.patch";
      url = "https://github.com/ROCm/rocBLAS/commit/0123456789abcdef0123456789abcdef01234567.patch";
      hash = "sha256-BBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBB=";
    })
  ];

  postPatch = ''
    substituteInPlace CMakeLists.txt \
      --replace-fail 'gfx90a;gfx1100' 'gfx90a;gfx1100;gfx1103'
    substituteInPlace cmake/Options.cmake \
      --replace-fail '"Tensile" ON' '"Tensile" OFF'
  '';

  nativeBuildInputs = [ cmake ];
})
