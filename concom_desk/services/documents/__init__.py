"""Word documents: templates in effect, the checker, the context a template gets,
rendering with docx safety, the register of documents made, opening and PDF."""
