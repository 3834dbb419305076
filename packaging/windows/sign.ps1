# Sign Windows programs with the release's code-signing certificate (the release
# workflow calls it for the two programs, the portable one, and, through makensis's
# !finalize and !uninstfinalize, for the installer and the uninstaller inside it).
# SHA-256 with an RFC 3161 timestamp, so that the signature stays valid after the
# certificate expires; each signature is verified before the next file.
#
#   pwsh -File packaging/windows/sign.ps1 FILE [FILE...]
#
# Reads CONCOM_SIGN_PFX (the certificate file) and CONCOM_SIGN_PASSWORD from the
# environment, never from the command line, so that neither reaches a log.
param([Parameter(Mandatory = $true, ValueFromRemainingArguments = $true)][string[]]$Files)
$ErrorActionPreference = "Stop"

if (-not $env:CONCOM_SIGN_PFX -or -not (Test-Path $env:CONCOM_SIGN_PFX)) {
  throw "no certificate: CONCOM_SIGN_PFX must name the .pfx file"
}
# signtool comes with the Windows SDK on GitHub's windows-latest; the newest one.
$signtool = Get-ChildItem "${env:ProgramFiles(x86)}\Windows Kits\10\bin\*\x64\signtool.exe" |
  Sort-Object { [version]($_.Directory.Parent.Name) } -Descending | Select-Object -First 1
if (-not $signtool) { throw "signtool.exe not found (install the Windows SDK)" }
$timestamp = "http://timestamp.digicert.com"

foreach ($file in $Files) {
  # A timestamp server can be briefly unreachable: three tries.
  $signed = $false
  foreach ($try in 1..3) {
    & $signtool.FullName sign /fd SHA256 /td SHA256 /tr $timestamp /d "ConCom Desk" `
      /f $env:CONCOM_SIGN_PFX /p $env:CONCOM_SIGN_PASSWORD $file
    if ($LASTEXITCODE -eq 0) { $signed = $true; break }
    Start-Sleep -Seconds (10 * $try)
  }
  if (-not $signed) { throw "signtool could not sign $file" }
  & $signtool.FullName verify /pa $file
  if ($LASTEXITCODE -ne 0) { throw "the signature of $file does not verify" }
}
