; NSIS script for ConCom Desk: a per-user install that needs no administrator
; (town-hall laptops have no IT department), Start-menu and desktop shortcuts,
; upgrade in place, and an uninstaller that never touches the commission's data.
;
; Build on Windows after PyInstaller has made dist\concom-desk\ (the release
; workflow does both), or anywhere makensis runs:
;   makensis -DVERSION=0.1.0 packaging/windows/concom-desk.nsi
; The installer is written to dist\ConComDesk-<version>-setup.exe.
;
; Where things live:
;   the program: %LOCALAPPDATA%\Programs\ConCom Desk
;   the data:    %LOCALAPPDATA%\ConCom Desk  (database, documents, backups; never removed)

Unicode true
!include "MUI2.nsh"

!ifndef VERSION
  !define VERSION "0.1.0"
!endif
!ifndef DIST
  !define DIST "..\..\dist\concom-desk"
!endif
!ifndef OUTDIR
  !define OUTDIR "..\..\dist"
!endif
!define APP "ConCom Desk"
!define EXE "concom-desk.exe"
!define UNINSTALL_KEY "Software\Microsoft\Windows\CurrentVersion\Uninstall\ConComDesk"

Name "${APP} ${VERSION}"
OutFile "${OUTDIR}\ConComDesk-${VERSION}-setup.exe"
RequestExecutionLevel user
InstallDir "$LOCALAPPDATA\Programs\${APP}"
; An upgrade installs over the folder the previous version used.
InstallDirRegKey HKCU "${UNINSTALL_KEY}" "InstallLocation"
SetCompressor /SOLID lzma

!define MUI_ICON "..\..\resources\icons\concom-desk.ico"
!define MUI_UNICON "..\..\resources\icons\concom-desk.ico"
!define MUI_FINISHPAGE_RUN "$INSTDIR\${EXE}"
!insertmacro MUI_PAGE_WELCOME
!insertmacro MUI_PAGE_DIRECTORY
!insertmacro MUI_PAGE_INSTFILES
!insertmacro MUI_PAGE_FINISH
!insertmacro MUI_UNPAGE_CONFIRM
!insertmacro MUI_UNPAGE_INSTFILES
!insertmacro MUI_LANGUAGE "English"

Section "ConCom Desk" SecMain
  SetShellVarContext current
  ; Upgrade in place: the old program files go, so no stale library lingers.
  ; The data folder is elsewhere and is not touched.
  RMDir /r "$INSTDIR\_internal"
  SetOutPath "$INSTDIR"
  File /r "${DIST}\*"
  WriteUninstaller "$INSTDIR\uninstall.exe"

  CreateShortCut "$SMPROGRAMS\${APP}.lnk" "$INSTDIR\${EXE}"
  CreateShortCut "$DESKTOP\${APP}.lnk" "$INSTDIR\${EXE}"

  ; Per-user entry in Settings > Apps, so the clerk can uninstall without an administrator.
  WriteRegStr HKCU "${UNINSTALL_KEY}" "DisplayName" "${APP}"
  WriteRegStr HKCU "${UNINSTALL_KEY}" "DisplayVersion" "${VERSION}"
  WriteRegStr HKCU "${UNINSTALL_KEY}" "Publisher" "${APP}"
  WriteRegStr HKCU "${UNINSTALL_KEY}" "DisplayIcon" "$INSTDIR\${EXE}"
  WriteRegStr HKCU "${UNINSTALL_KEY}" "InstallLocation" "$INSTDIR"
  WriteRegStr HKCU "${UNINSTALL_KEY}" "UninstallString" '"$INSTDIR\uninstall.exe"'
  WriteRegDWORD HKCU "${UNINSTALL_KEY}" "NoModify" 1
  WriteRegDWORD HKCU "${UNINSTALL_KEY}" "NoRepair" 1
SectionEnd

Section "Uninstall"
  SetShellVarContext current
  ; Only what the installer put there. $LOCALAPPDATA\ConCom Desk keeps the
  ; commission's database, documents and backups for the next version.
  Delete "$SMPROGRAMS\${APP}.lnk"
  Delete "$DESKTOP\${APP}.lnk"
  RMDir /r "$INSTDIR\_internal"
  Delete "$INSTDIR\${EXE}"
  Delete "$INSTDIR\uninstall.exe"
  RMDir "$INSTDIR"
  DeleteRegKey HKCU "${UNINSTALL_KEY}"
  MessageBox MB_OK|MB_ICONINFORMATION "${APP} was removed.$\r$\n$\r$\nYour commission's records, documents and backups were kept in $LOCALAPPDATA\${APP}." /SD IDOK
SectionEnd
