; NSIS script for ConCom Desk: a per-user install that needs no administrator
; (town-hall laptops have no IT department): a license page, a choice of desktop
; shortcut, a Start-menu folder (the program, the user guide, the uninstaller), the
; command-line program on the user's PATH, upgrade in place, and an uninstaller that
; never touches the commission's data. Neither runs while the program is open.
;
; Build on Windows after PyInstaller has made dist\concom-desk\ (the release
; workflow does both), or anywhere makensis runs:
;   makensis -DVERSION=0.1.0 packaging/windows/concom-desk.nsi
; Signed (the release workflow, when it has the certificate):
;   makensis -DVERSION=0.1.0 "-DSIGN=pwsh -File <checkout>\packaging\windows\sign.ps1" ...
; (an absolute path: makensis works in this script's folder).
; The installer is written to dist\ConComDesk-<version>-setup.exe.
; Silent install and uninstall (the release workflow tests both): setup.exe /S,
; uninstall.exe /S.
;
; Where things live:
;   the program: %LOCALAPPDATA%\Programs\ConCom Desk
;   the data:    %LOCALAPPDATA%\ConCom Desk  (database, documents, backups, settings,
;                the clerk's own templates; never removed, never overwritten)

Unicode true
!include "MUI2.nsh"
!include "LogicLib.nsh"
!include "FileFunc.nsh"
!include "StrFunc.nsh"
!include "WinMessages.nsh"
!include "x64.nsh"
!include "WinVer.nsh"

${StrStr}
${UnStrRep}

!ifndef VERSION
  !define VERSION "0.1.0"
!endif
; Windows' version resource wants four numbers: concom_desk.__version__ has three.
!define VI_VERSION "${VERSION}.0"
; The publisher and copyright Windows shows in the installer's Properties > Details (and
; in SmartScreen's prompt, beside the signature's publisher when it is signed).
!define PUBLISHER "The ConCom Desk authors"
!define COPYRIGHT "Copyright (c) 2026 The ConCom Desk authors. MIT License."
!ifndef DIST
  !define DIST "..\..\dist\concom-desk"
!endif
!ifndef OUTDIR
  !define OUTDIR "..\..\dist"
!endif
!define APP "ConCom Desk"
!define EXE "concom-desk.exe"
!define CLI_EXE "concom-desk-cli.exe"
!define UNINSTALL_KEY "Software\Microsoft\Windows\CurrentVersion\Uninstall\ConComDesk"
!define ENV_KEY "Environment"
!define STARTMENU "$SMPROGRAMS\${APP}"

Name "${APP} ${VERSION}"
OutFile "${OUTDIR}\ConComDesk-${VERSION}-setup.exe"
RequestExecutionLevel user
InstallDir "$LOCALAPPDATA\Programs\${APP}"
; An upgrade installs over the folder the previous version used.
InstallDirRegKey HKCU "${UNINSTALL_KEY}" "InstallLocation"
SetCompressor /SOLID lzma
; A signed release: the release workflow passes -DSIGN=<command> when a certificate is
; given, and makensis runs it on the uninstaller it writes into the installer and on
; the finished installer (packaging/windows/sign.ps1). Without it the installer is
; unsigned and the release notes say so.
!ifdef SIGN
  !uninstfinalize '${SIGN} "%1"' = 0
  !finalize '${SIGN} "%1"' = 0
!endif
; Windows 10 and 11 report themselves as such to the version checks below.
ManifestSupportedOS all

!define MUI_ICON "..\..\resources\icons\concom-desk.ico"
!define MUI_UNICON "..\..\resources\icons\concom-desk.ico"
!define MUI_COMPONENTSPAGE_NODESC
!define MUI_FINISHPAGE_RUN "$INSTDIR\${EXE}"
!insertmacro MUI_PAGE_WELCOME
!insertmacro MUI_PAGE_LICENSE "..\..\LICENSE"
!insertmacro MUI_PAGE_COMPONENTS
!insertmacro MUI_PAGE_DIRECTORY
!insertmacro MUI_PAGE_INSTFILES
!insertmacro MUI_PAGE_FINISH
!insertmacro MUI_UNPAGE_CONFIRM
!insertmacro MUI_UNPAGE_INSTFILES
!insertmacro MUI_LANGUAGE "English"

; The installer's own file properties: what Windows shows in Properties > Details and
; what a clerk or IT can check the download against (the release workflow passes the
; program's version, concom_desk.__version__).
VIProductVersion "${VI_VERSION}"
VIFileVersion "${VI_VERSION}"
VIAddVersionKey /LANG=${LANG_ENGLISH} "ProductName" "${APP}"
VIAddVersionKey /LANG=${LANG_ENGLISH} "CompanyName" "${PUBLISHER}"
VIAddVersionKey /LANG=${LANG_ENGLISH} "FileDescription" "${APP} ${VERSION} Setup"
VIAddVersionKey /LANG=${LANG_ENGLISH} "FileVersion" "${VERSION}"
VIAddVersionKey /LANG=${LANG_ENGLISH} "ProductVersion" "${VERSION}"
VIAddVersionKey /LANG=${LANG_ENGLISH} "LegalCopyright" "${COPYRIGHT}"

; A running program holds its .exe open, so it cannot be opened for writing: that is
; how the installer and the uninstaller tell that ConCom Desk is open. They wait for
; the clerk to close it (Retry) rather than replace files under it. Silent: Cancel.
!macro REFUSE_WHILE_RUNNING un
Function ${un}RefuseWhileRunning
  retry:
  StrCpy $R1 ""
  ${If} ${FileExists} "$INSTDIR\${EXE}"
    ClearErrors
    FileOpen $R0 "$INSTDIR\${EXE}" a
    ${If} ${Errors}
      StrCpy $R1 "running"
    ${Else}
      FileClose $R0
    ${EndIf}
  ${EndIf}
  ${If} ${FileExists} "$INSTDIR\${CLI_EXE}"
    ClearErrors
    FileOpen $R0 "$INSTDIR\${CLI_EXE}" a
    ${If} ${Errors}
      StrCpy $R1 "running"
    ${Else}
      FileClose $R0
    ${EndIf}
  ${EndIf}
  ${If} $R1 == "running"
    MessageBox MB_RETRYCANCEL|MB_ICONEXCLAMATION "${APP} is running.$\r$\n$\r$\nClose it first (every window of it, and any command of concom-desk-cli), then press Retry. Your records are not affected." /SD IDCANCEL IDRETRY retry
    Abort
  ${EndIf}
FunctionEnd
!macroend
!insertmacro REFUSE_WHILE_RUNNING ""
!insertmacro REFUSE_WHILE_RUNNING "un."

; The program is a 64-bit Windows program built with Qt 6, which needs Windows 10
; version 1809 (build 17763) or later. On anything else the installer says so and
; stops before it writes a file, rather than leave a program that will not start.
Function RefuseUnsupportedWindows
  ${IfNot} ${RunningX64}
    MessageBox MB_OK|MB_ICONSTOP "${APP} needs 64-bit Windows.$\r$\n$\r$\nThis computer runs a 32-bit Windows, on which the program cannot start. Nothing was installed." /SD IDOK
    SetErrorLevel 3
    Abort
  ${EndIf}
  ${IfNot} ${AtLeastWin10}
  ${OrIfNot} ${AtLeastBuild} 17763
    MessageBox MB_OK|MB_ICONSTOP "${APP} needs Windows 10 (version 1809 or later) or Windows 11.$\r$\n$\r$\nThis computer runs an older Windows, on which the program cannot start. Nothing was installed." /SD IDOK
    SetErrorLevel 3
    Abort
  ${EndIf}
FunctionEnd

Function .onInit
  Call RefuseUnsupportedWindows
  Call RefuseWhileRunning
FunctionEnd

Function un.onInit
  Call un.RefuseWhileRunning
FunctionEnd

; The command-line program's folder joins the user's own PATH (HKCU, no administrator).
; NSIS strings have a length limit: a PATH that long is left as it is rather than
; written back cut short.
Function AddToUserPath
  ClearErrors
  ReadRegStr $R0 HKCU "${ENV_KEY}" "Path"
  ; A value NSIS read cut short (it keeps NSIS_MAX_STRLEN - 1 characters), or one that
  ; would not fit with this folder added, is never written back.
  StrLen $R1 "$R0;$INSTDIR"
  IntOp $R3 ${NSIS_MAX_STRLEN} - 1
  ${If} $R1 >= $R3
    DetailPrint "Your PATH is too long to change safely; concom-desk-cli is in $INSTDIR"
    Return
  ${EndIf}
  ${StrStr} $R2 "$R0;" "$INSTDIR;"
  ${If} $R2 != ""
    Return  ; already there (an upgrade)
  ${EndIf}
  ${If} $R0 == ""
    StrCpy $R0 "$INSTDIR"
  ${Else}
    StrCpy $R0 "$R0;$INSTDIR"
  ${EndIf}
  WriteRegExpandStr HKCU "${ENV_KEY}" "Path" "$R0"
  SendMessage ${HWND_BROADCAST} ${WM_SETTINGCHANGE} 0 "STR:Environment" /TIMEOUT=5000
FunctionEnd

Function un.RemoveFromUserPath
  ClearErrors
  ReadRegStr $R0 HKCU "${ENV_KEY}" "Path"
  StrLen $R1 $R0
  IntOp $R3 ${NSIS_MAX_STRLEN} - 1
  ${If} $R1 >= $R3
    Return  ; read cut short: leave it as it is
  ${EndIf}
  ${UnStrRep} $R0 "$R0" ";$INSTDIR" ""
  ${UnStrRep} $R0 "$R0" "$INSTDIR;" ""
  ${If} $R0 == "$INSTDIR"
    StrCpy $R0 ""
  ${EndIf}
  ${If} $R0 == ""
    DeleteRegValue HKCU "${ENV_KEY}" "Path"
  ${Else}
    WriteRegExpandStr HKCU "${ENV_KEY}" "Path" "$R0"
  ${EndIf}
  SendMessage ${HWND_BROADCAST} ${WM_SETTINGCHANGE} 0 "STR:Environment" /TIMEOUT=5000
FunctionEnd

Section "${APP} (required)" SecMain
  SectionIn RO
  SetShellVarContext current
  ; The folder may have been changed on the previous page: look again.
  Call RefuseWhileRunning
  ; Upgrade in place: the old program files go, so no stale library lingers. The
  ; data folder is elsewhere and is not touched: the database, documents, backups,
  ; settings and the clerk's own templates stay as they are.
  RMDir /r "$INSTDIR\_internal"
  SetOutPath "$INSTDIR"
  File /r "${DIST}\*"
  WriteUninstaller "$INSTDIR\uninstall.exe"

  ; The Start-menu folder; a version before it had a single shortcut.
  Delete "$SMPROGRAMS\${APP}.lnk"
  CreateDirectory "${STARTMENU}"
  CreateShortCut "${STARTMENU}\${APP}.lnk" "$INSTDIR\${EXE}"
  CreateShortCut "${STARTMENU}\${APP} User guide.lnk" "$INSTDIR\${EXE}" "guide" "$INSTDIR\${EXE}" 0
  CreateShortCut "${STARTMENU}\Uninstall ${APP}.lnk" "$INSTDIR\uninstall.exe"
  ; The desktop shortcut is the clerk's choice (next section); an upgrade asks again.
  Delete "$DESKTOP\${APP}.lnk"

  Call AddToUserPath

  ; Per-user entry in Settings > Apps, so the clerk can uninstall without an administrator.
  WriteRegStr HKCU "${UNINSTALL_KEY}" "DisplayName" "${APP}"
  WriteRegStr HKCU "${UNINSTALL_KEY}" "DisplayVersion" "${VERSION}"
  WriteRegStr HKCU "${UNINSTALL_KEY}" "Publisher" "${PUBLISHER}"
  WriteRegStr HKCU "${UNINSTALL_KEY}" "DisplayIcon" "$INSTDIR\${EXE}"
  WriteRegStr HKCU "${UNINSTALL_KEY}" "InstallLocation" "$INSTDIR"
  WriteRegStr HKCU "${UNINSTALL_KEY}" "UninstallString" '"$INSTDIR\uninstall.exe"'
  WriteRegStr HKCU "${UNINSTALL_KEY}" "QuietUninstallString" '"$INSTDIR\uninstall.exe" /S'
  WriteRegDWORD HKCU "${UNINSTALL_KEY}" "NoModify" 1
  WriteRegDWORD HKCU "${UNINSTALL_KEY}" "NoRepair" 1
  ${GetSize} "$INSTDIR" "/S=0K" $0 $1 $2
  IntFmt $0 "0x%08X" $0
  WriteRegDWORD HKCU "${UNINSTALL_KEY}" "EstimatedSize" "$0"
SectionEnd

Section "Desktop shortcut" SecDesktop
  SetShellVarContext current
  CreateShortCut "$DESKTOP\${APP}.lnk" "$INSTDIR\${EXE}"
SectionEnd

Section "Uninstall"
  SetShellVarContext current
  ; Only what the installer put there. $LOCALAPPDATA\ConCom Desk keeps the
  ; commission's database, documents, backups, settings and templates for the next version.
  Call un.RemoveFromUserPath
  Delete "${STARTMENU}\${APP}.lnk"
  Delete "${STARTMENU}\${APP} User guide.lnk"
  Delete "${STARTMENU}\Uninstall ${APP}.lnk"
  RMDir "${STARTMENU}"
  Delete "$SMPROGRAMS\${APP}.lnk"
  Delete "$DESKTOP\${APP}.lnk"
  RMDir /r "$INSTDIR\_internal"
  Delete "$INSTDIR\${EXE}"
  Delete "$INSTDIR\${CLI_EXE}"
  Delete "$INSTDIR\uninstall.exe"
  RMDir "$INSTDIR"
  DeleteRegKey HKCU "${UNINSTALL_KEY}"
  MessageBox MB_OK|MB_ICONINFORMATION "${APP} was removed.$\r$\n$\r$\nYour commission's records, documents and backups were kept in $LOCALAPPDATA\${APP}." /SD IDOK
SectionEnd
